import { WEEKDAYS } from '@bus/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { Loading } from '../../../components/loading.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { BulkActions } from '../bulk/bulk-actions.tsx';
import { NewTimetableAction } from '../bulk/new-timetable-action.tsx';
import { orderByFirstDeparture } from '../schedules/schedule-order.ts';
import { LoadError } from '../ui/bits.tsx';
import './yearly-rules.css';
import { withMembers } from '../logic/copy-with.ts';

/**
 * Lines and schedules using one rule, in an accordion (yearly-rules/:ruleId); schedules ticked
 * here move to another rule, or get the same weekdays, at once.
 */
export function YearlyRulePage({ ruleId }: { ruleId: string }) {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = Number(ruleId);
  const groups = useQuery(trpc.admin.rules.schedulesByRule.queryOptions({ ruleId: id }));
  const rules = useQuery(trpc.admin.rules.allWithUsage.queryOptions());
  const name = rules.data?.rules.find((r) => r.id === id)?.periodName;
  const [picked, setPicked] = useState<ReadonlySet<number>>(() => new Set());

  const toggle = (ids: readonly number[], on: boolean) => setPicked((all) => withMembers(all, ids, on));
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.rules.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.admin.schedules.pathKey() }),
    ]);

  // Each line's schedules by first departure, as in the schedule editor.
  const byFirstDeparture = <T extends { id: number; tripsFirstEntryAndDir: { time: string }[] }>(list: T[]) =>
    orderByFirstDeparture(
      list,
      list.map((s) => ({
        id: s.id,
        trips: s.tripsFirstEntryAndDir.map((t) => ({ timeList: [t.time.slice(0, 5)] })),
      })),
    );

  let body: ReactNode;
  if (groups.isPending) body = <Loading />;
  else if (groups.isError) body = <LoadError error={groups.error} />;
  else if (groups.data.length === 0) body = <p className="muted">{m.rules.noUsage}</p>;
  else {
    // Only schedules still on this rule count (moved ones drop out of the selection).
    const selected = groups.data.flatMap((g) =>
      g.schedules.filter((s) => picked.has(s.id)).map((s) => ({ id: s.id, lineId: g.line.id })),
    );
    const versions = new Map(groups.data.map((g) => [g.line.id, g.version]));
    body = (
      <>
        <section className="bulk-panel bulk-panel--open" aria-label={m.bulk.panelTitle}>
          <BulkActions
            selected={selected}
            versionOf={(lineId) => versions.get(lineId)}
            rules={rules.data?.rules ?? []}
            excludeRuleId={id}
            onDone={refresh}
            onClear={() => setPicked(new Set())}
            onReload={refresh}
          />
          {/* The ticked schedules of several lines, a new timetable from a date. */}
          <NewTimetableAction
            selected={selected}
            lineIds={[]}
            versionOf={(lineId) => versions.get(lineId)}
            onDone={async () => {
              setPicked(new Set());
              await refresh();
            }}
          />
        </section>
        <div className="accordion">
          {groups.data.map((group, index) => {
            const ids = group.schedules.map((s) => s.id);
            const all = ids.every((scheduleId) => picked.has(scheduleId));
            return (
              <details key={group.line.id} className="accordion__item" open={index === 0}>
                <summary>
                  <span className="accordion__title">{group.line.name}</span>{' '}
                  <span className="muted">
                    {[group.line.routeStart, group.line.routeEnd].filter(Boolean).join(' – ')} ·{' '}
                    {m.rules.schedulesCount(group.schedules.length)}
                  </span>
                </summary>
                <label className="accordion__select-all">
                  <input
                    type="checkbox"
                    checked={all}
                    onChange={(event) => toggle(ids, event.target.checked)}
                  />
                  {m.bulk.selectLine(group.line.name)}
                </label>
                <ul className="accordion__list">
                  {byFirstDeparture(group.schedules).map((schedule) => {
                    const days = WEEKDAYS.filter((d) => schedule.runsOnWeekly.includes(d))
                      .map((d) => m.schedules.weekdayShort[d])
                      .join(' ');
                    const trips = schedule.tripsFirstEntryAndDir
                      .map((t) => `${t.time.slice(0, 5)} ${m.values.boundFor[t.dir]}`.trim())
                      .join(', ');
                    return (
                      <li key={schedule.id} className="accordion__pick">
                        <input
                          type="checkbox"
                          aria-label={m.bulk.selectOf(schedule.id)}
                          checked={picked.has(schedule.id)}
                          onChange={(event) => toggle([schedule.id], event.target.checked)}
                        />
                        <Link href={`/schedules/${group.line.id}/${schedule.id}`}>
                          {m.rules.scheduleSummary(schedule.id, days, trips)}
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              </details>
            );
          })}
        </div>
      </>
    );
  }

  return (
    <>
      <h1>{name ?? m.admin.yearlyRule(ruleId)}</h1>
      <p>
        <Link href="/yearly-rules">{m.rules.backToRules}</Link>
      </p>
      <h2>{m.rules.usingHeading}</h2>
      {body}
    </>
  );
}
