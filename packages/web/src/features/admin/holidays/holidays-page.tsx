import { type Holiday, SaveHolidayInput, validationProblem } from '@bus/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { DataTable } from '../../../components/data-table.tsx';
import { Loading } from '../../../components/loading.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { savedId, tempId } from '../logic/temp-ids.ts';
import { ConfirmDelete, EditButton, EditingRowActions, LoadError } from '../ui/bits.tsx';
import { DebouncedInput } from '../ui/debounced-input.tsx';
import { MonthDayField } from '../ui/month-day-field.tsx';
import { formatMonthDay } from '../ui/month-day-picker.tsx';
import { useInlineRow } from '../ui/use-inline-row.ts';
import './holidays.css';

/** Configure public holidays: rows switch between view and inline edit (spec section 2). */
export function HolidaysPage() {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.holidays.list.queryOptions());
  // New rows (temporary ids), shown first and in edit mode until saved or cancelled.
  const [added, setAdded] = useState<number[]>([]);

  let body: ReactNode;
  if (list.isPending) body = <Loading />;
  else if (list.isError) body = <LoadError error={list.error} />;
  else {
    const holidays = [...list.data].sort((a, b) => a.month - b.month || a.day - b.day || a.id - b.id);
    const removeAdded = (id: number) => setAdded((ids) => ids.filter((i) => i !== id));
    body = (
      <>
        <p>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => setAdded((ids) => [tempId(), ...ids])}
          >
            {m.holidays.add}
          </button>
        </p>
        <DataTable
          className="table admin-table holidays-table"
          columns={[m.common.name, m.holidays.colDate, m.common.actions]}
        >
          {added.map((id) => (
            <HolidayRow
              key={id}
              holiday={{ id, name: '', month: 0, day: 0, version: 0 }}
              onDone={() => removeAdded(id)}
            />
          ))}
          {holidays.map((holiday) => (
            <HolidayRow key={holiday.id} holiday={holiday} />
          ))}
        </DataTable>
        {holidays.length === 0 && added.length === 0 && <p>{m.holidays.empty}</p>}
      </>
    );
  }

  return (
    <>
      <h1>{m.admin.holidays}</h1>
      {body}
    </>
  );
}

interface HolidayDraft {
  name: string;
  month: number | null;
  day: number | null;
}

function HolidayRow({ holiday, onDone }: { holiday: Holiday & { version: number }; onDone?: () => void }) {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const isNew = savedId(holiday.id) === null;
  const save = useMutation(trpc.admin.holidays.save.mutationOptions());
  const remove = useMutation(trpc.admin.holidays.delete.mutationOptions());
  const input = (d: HolidayDraft, baseVersion = holiday.version) => ({
    id: savedId(holiday.id),
    name: d.name,
    month: d.month ?? 0,
    day: d.day ?? 0,
    baseVersion,
  });
  const row = useInlineRow<HolidayDraft>({
    initial: () => ({ name: holiday.name, month: holiday.month || null, day: holiday.day || null }),
    startEditing: isNew,
    onDone,
    problem: (d) => {
      const result = SaveHolidayInput.safeParse(input(d));
      return result.success ? null : validationProblem(result.error);
    },
    save: (d, _confirmed, baseVersion) => save.mutateAsync(input(d, baseVersion)),
    version: holiday.version,
    storageKey: isNew ? undefined : `holiday:${holiday.id}`,
    remove: () => remove.mutateAsync({ id: holiday.id, baseVersion: holiday.version }),
    invalidate: () => queryClient.invalidateQueries({ queryKey: trpc.admin.holidays.list.queryKey() }),
    deletedMessage: m.holidays.deleted(holiday.name),
  });
  const { draft, editing, startEditing, submitted, del } = row;
  const check = SaveHolidayInput.safeParse(input(draft.value));
  const bad = (field: 'name' | 'day') =>
    submitted &&
    !check.success &&
    check.error.issues.some((i) => i.path[0] === field || (field === 'day' && i.path[0] === 'month'));

  if (!editing)
    return (
      <tr>
        <td>{holiday.name}</td>
        <td className="num-left">{formatMonthDay(holiday.month, holiday.day)}</td>
        <td className="row-actions">
          <EditButton label={m.holidays.editOf(holiday.name)} onClick={startEditing} />
          <ConfirmDelete
            className="btn btn--small btn--danger-outline"
            label={m.holidays.deleteOf(holiday.name)}
            busy={remove.isPending}
            question={m.holidays.confirmDelete(holiday.name, formatMonthDay(holiday.month, holiday.day))}
            onConfirm={del}
          >
            {m.common.delete}
          </ConfirmDelete>
        </td>
      </tr>
    );

  const label = holiday.name;
  return (
    <tr className="is-editing">
      <td>
        <DebouncedInput
          aria-label={m.holidays.nameOf(label)}
          value={draft.value.name}
          invalid={bad('name')}
          autoFocus
          onCommit={(name) =>
            draft.edit((d) => {
              d.name = name;
            })
          }
        />
      </td>
      <td>
        <MonthDayField
          label={m.holidays.dateOf(label)}
          month={draft.value.month}
          day={draft.value.day}
          showInvalid={bad('day')}
          onChange={(value) =>
            draft.edit((d) => {
              d.month = value?.month ?? null;
              d.day = value?.day ?? null;
            })
          }
        />
      </td>
      <td className="row-actions">
        <EditingRowActions row={row} busy={save.isPending} />
      </td>
    </tr>
  );
}
