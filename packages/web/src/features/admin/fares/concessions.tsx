import { SaveConcessionInput, type VersionedConcession, validationProblem } from '@bus/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { DataTable } from '../../../components/data-table.tsx';
import { Loading } from '../../../components/loading.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useLanguage } from '../../../i18n/index.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { savedId, tempId } from '../logic/temp-ids.ts';
import { ConfirmDelete, EditButton, EditingRowActions, LoadError } from '../ui/bits.tsx';
import { DebouncedInput } from '../ui/debounced-input.tsx';
import { useInlineRow } from '../ui/use-inline-row.ts';
import { wholeNumber } from './amount-text.ts';

/**
 * The concessions (issue 41): who pays what share of a fare, named in both languages. Rows switch
 * between view and inline edit as the holidays do; each saves against its own version.
 */
export function Concessions() {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.concessions.list.queryOptions());
  const [added, setAdded] = useState<number[]>([]);

  let body: ReactNode;
  if (list.isPending) body = <Loading />;
  else if (list.isError) body = <LoadError error={list.error} />;
  else {
    const removeAdded = (id: number) => setAdded((ids) => ids.filter((i) => i !== id));
    body = (
      <>
        <p>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => setAdded((ids) => [tempId(), ...ids])}
          >
            {m.fares.addConcession}
          </button>
        </p>
        <DataTable
          className="table admin-table concessions-table"
          columns={[m.fares.colNameLt, m.fares.colNameEn, m.fares.colPercent, m.common.actions]}
        >
          {added.map((id) => (
            <ConcessionRow
              key={id}
              concession={{ id, nameLt: '', nameEn: '', percent: 0, version: 0 }}
              onDone={() => removeAdded(id)}
            />
          ))}
          {list.data.map((concession) => (
            <ConcessionRow key={concession.id} concession={concession} />
          ))}
        </DataTable>
        {list.data.length === 0 && added.length === 0 && <p>{m.fares.noConcessions}</p>}
      </>
    );
  }

  return (
    <section aria-labelledby="concessions-heading">
      <h2 id="concessions-heading">{m.fares.concessions}</h2>
      <p>{m.fares.concessionsIntro}</p>
      {body}
    </section>
  );
}

interface ConcessionDraft {
  nameLt: string;
  nameEn: string;
  /** The share paid, whole percent as typed. */
  percent: string;
}

function ConcessionRow({ concession, onDone }: { concession: VersionedConcession; onDone?: () => void }) {
  const m = useAdminMessages();
  const language = useLanguage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const isNew = savedId(concession.id) === null;
  const save = useMutation(trpc.admin.concessions.save.mutationOptions());
  const remove = useMutation(trpc.admin.concessions.delete.mutationOptions());
  const input = (d: ConcessionDraft, baseVersion = concession.version) => ({
    id: savedId(concession.id),
    nameLt: d.nameLt,
    nameEn: d.nameEn,
    // '50', '50 %': whole percent; anything else is refused by the schema in its own words.
    percent: wholeNumber(d.percent.replace(/\s*%\s*$/, '')) ?? Number.NaN,
    baseVersion,
  });
  const name = language === 'lt' ? concession.nameLt : concession.nameEn;
  const percentText = m.fares.percent(concession.percent);
  const row = useInlineRow<ConcessionDraft>({
    initial: () => ({
      nameLt: concession.nameLt,
      nameEn: concession.nameEn,
      percent: isNew ? '' : String(concession.percent),
    }),
    startEditing: isNew,
    onDone,
    problem: (d) => {
      const result = SaveConcessionInput.safeParse(input(d));
      return result.success ? null : validationProblem(result.error);
    },
    save: (d, _confirmed, baseVersion) => save.mutateAsync(input(d, baseVersion)),
    version: concession.version,
    storageKey: isNew ? undefined : `concession:${concession.id}`,
    remove: () => remove.mutateAsync({ id: concession.id, baseVersion: concession.version }),
    invalidate: () => queryClient.invalidateQueries({ queryKey: trpc.admin.concessions.list.queryKey() }),
    deletedMessage: m.fares.concessionDeleted(name),
  });
  const { draft, editing, startEditing, submitted, del } = row;
  const check = SaveConcessionInput.safeParse(input(draft.value));
  const bad = (field: keyof ConcessionDraft) =>
    submitted && !check.success && check.error.issues.some((i) => i.path[0] === field);

  if (!editing)
    return (
      <tr>
        <td data-label={m.fares.colNameLt}>{concession.nameLt}</td>
        <td data-label={m.fares.colNameEn}>{concession.nameEn}</td>
        <td data-label={m.fares.colPercent} className="num-left">
          {percentText}
        </td>
        <td className="row-actions">
          <EditButton label={m.fares.editConcession(name)} onClick={startEditing} />
          <ConfirmDelete
            className="btn btn--small btn--danger-outline"
            label={m.fares.deleteConcession(name)}
            busy={remove.isPending}
            question={m.fares.confirmDeleteConcession(name, percentText)}
            onConfirm={del}
          >
            {m.common.delete}
          </ConfirmDelete>
        </td>
      </tr>
    );

  const edit = (key: keyof ConcessionDraft) => (value: string) =>
    draft.edit((d) => {
      d[key] = value;
    });
  return (
    <tr className="is-editing">
      <td data-label={m.fares.colNameLt}>
        <DebouncedInput
          aria-label={m.fares.nameLtOf(name)}
          value={draft.value.nameLt}
          invalid={bad('nameLt')}
          autoFocus
          onCommit={edit('nameLt')}
        />
      </td>
      <td data-label={m.fares.colNameEn}>
        <DebouncedInput
          aria-label={m.fares.nameEnOf(name)}
          value={draft.value.nameEn}
          invalid={bad('nameEn')}
          onCommit={edit('nameEn')}
        />
      </td>
      <td data-label={m.fares.colPercent}>
        <DebouncedInput
          aria-label={m.fares.percentOf(name)}
          className="input--short concessions-table__percent"
          inputMode="numeric"
          autoComplete="off"
          value={draft.value.percent}
          invalid={bad('percent')}
          onCommit={edit('percent')}
        />
      </td>
      <td className="row-actions">
        <EditingRowActions row={row} busy={save.isPending} />
      </td>
    </tr>
  );
}
