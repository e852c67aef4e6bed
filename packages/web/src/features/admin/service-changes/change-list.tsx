import { type ChangeStatus, changeDatesText, toCalendarDate } from '@bus/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useLanguage, useServerMessages } from '../../../i18n/index.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { EditButton } from '../ui/bits.tsx';
import { conflictReason } from '../ui/safe-draft.tsx';
import type { ChangeItem, LineChoice } from './types.ts';

const ORDER: readonly ChangeStatus[] = ['current', 'upcoming', 'past'];

/** The changes grouped by where they stand today (current, upcoming, past), each with its actions. */
export function ChangeList({
  items,
  today,
  lines,
  onEdit,
  onUndone,
}: {
  items: readonly ChangeItem[];
  today: string;
  lines: readonly LineChoice[];
  onEdit: (change: ChangeItem) => void;
  onUndone: (title: string) => void;
}) {
  const m = useAdminMessages();
  return (
    <>
      {ORDER.map((status) => {
        const group = items.filter((c) => c.status === status);
        if (group.length === 0) return null;
        return (
          <section key={status} className="sc-group" aria-labelledby={`sc-group-${status}`}>
            <h2 id={`sc-group-${status}`}>
              {m.serviceChanges.statuses[status]} <span className="muted">({group.length})</span>
            </h2>
            <ul className="sc-list">
              {group.map((change) => (
                <ChangeRow
                  key={change.id}
                  change={change}
                  today={today}
                  lines={lines}
                  onEdit={() => onEdit(change)}
                  onUndone={onUndone}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}

function ChangeRow({
  change,
  today,
  lines,
  onEdit,
  onUndone,
}: {
  change: ChangeItem;
  today: string;
  lines: readonly LineChoice[];
  onEdit: () => void;
  onUndone: (title: string) => void;
}) {
  const m = useAdminMessages();
  const language = useLanguage();
  const serverMessages = useServerMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(trpc.admin.serviceChanges.delete.mutationOptions());
  const [refusal, setRefusal] = useState<{ text: string; stale: boolean } | null>(null);
  const dates =
    changeDatesText(change.from, change.until, language, toCalendarDate(today).year) ||
    m.serviceChanges.untilFurther;
  const lineName = (id: number) => lines.find((l) => l.id === id)?.name ?? String(id);
  const concerns = [
    change.lineIds.length > 0 ? m.serviceChanges.concernsLines(change.lineIds.map(lineName)) : null,
    change.tripIds.length > 0 ? m.serviceChanges.concernsTrips(change.tripIds.length) : null,
    change.shiftMinutes ? m.serviceChanges.shiftBy(change.shiftMinutes) : null,
    change.stopTimes.length > 0 ? m.serviceChanges.typedTimes(change.stopTimes.length) : null,
  ].filter((x) => x !== null);
  const title = language === 'en' && change.titleEn ? change.titleEn : change.titleLt;

  const undo = async () => {
    setRefusal(null);
    try {
      await remove.mutateAsync({ id: change.id, baseVersion: change.version });
      await queryClient.invalidateQueries({ queryKey: trpc.admin.serviceChanges.pathKey() });
      onUndone(change.titleLt);
    } catch (error) {
      setRefusal({ text: errorText(error, serverMessages), stale: conflictReason(error) === 'stale' });
    }
  };

  return (
    <li className={`sc-item sc-item--${change.kind}`}>
      <p className="sc-item__kind">
        <span className="badge">{m.serviceChanges.kinds[change.kind]}</span> <span>{dates}</span>
      </p>
      <h3 className="sc-item__title">{title}</h3>
      <p className="sc-item__concerns">
        {concerns.length > 0
          ? concerns.join(' · ')
          : change.stopIds.length > 0
            ? null
            : m.serviceChanges.network}
        {change.stopIds.length > 0 && <StopNames ids={change.stopIds} />}
      </p>
      {change.reason && <p className="muted">{m.serviceChanges.reasonIs(change.reason)}</p>}
      <p className="sc-item__actions">
        <EditButton label={m.serviceChanges.editOf(change.titleLt)} onClick={onEdit} />
        <button
          type="button"
          className="btn btn--small btn--danger-outline"
          aria-label={m.serviceChanges.undoOf(change.titleLt)}
          disabled={remove.isPending}
          onClick={() => void undo()}
        >
          {m.serviceChanges.undo}
        </button>
      </p>
      {refusal !== null && (
        <div className="alert alert--danger" role="alert">
          <p>{refusal.text}</p>
          {refusal.stale && (
            <button
              type="button"
              className="btn btn--small"
              onClick={() =>
                void queryClient.invalidateQueries({ queryKey: trpc.admin.serviceChanges.pathKey() })
              }
            >
              {m.safety.reload}
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/** A closure's or notice's stops, named from the stops list (ids while it loads). */
function StopNames({ ids }: { ids: readonly number[] }) {
  const m = useAdminMessages();
  const names = useStopNames();
  return <>{m.serviceChanges.concernsStops(ids.map((id) => names.get(id) ?? String(id)))}</>;
}

/** Stop names by id (the admin stops list, shared with the other admin screens' cache). */
export function useStopNames(): Map<number, string> {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.admin.stops.list.queryOptions());
  return new Map((data ?? []).map((stop) => [stop.id, stop.name]));
}
