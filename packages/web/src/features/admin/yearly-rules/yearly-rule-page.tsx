import { WEEKDAYS } from '@bus/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Loading } from '../../../components/loading.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { LoadError } from '../ui/bits.tsx';
import './yearly-rules.css';

/** Lines and schedules using one rule, in an accordion (yearly-rules/:ruleId). */
export function YearlyRulePage({ ruleId }: { ruleId: string }) {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const id = Number(ruleId);
  const groups = useQuery(trpc.admin.rules.schedulesByRule.queryOptions({ ruleId: id }));
  const rules = useQuery(trpc.admin.rules.allWithUsage.queryOptions());
  const name = rules.data?.rules.find((r) => r.id === id)?.periodName;

  let body: ReactNode;
  if (groups.isPending) body = <Loading />;
  else if (groups.isError) body = <LoadError error={groups.error} />;
  else if (groups.data.length === 0) body = <p className="muted">{m.rules.noUsage}</p>;
  else
    body = (
      <div className="accordion">
        {groups.data.map((group, index) => (
          <details key={group.line.id} className="accordion__item" open={index === 0}>
            <summary>
              <span className="accordion__title">{group.line.name}</span>{' '}
              <span className="muted">
                {[group.line.routeStart, group.line.routeEnd].filter(Boolean).join(' – ')} ·{' '}
                {m.rules.schedulesCount(group.schedules.length)}
              </span>
            </summary>
            <ul className="accordion__list">
              {group.schedules.map((schedule) => {
                const days = WEEKDAYS.filter((d) => schedule.runsOnWeekly.includes(d))
                  .map((d) => m.schedules.weekdayShort[d])
                  .join(' ');
                const trips = schedule.tripsFirstEntryAndDir
                  .map((t) => `${t.time.slice(0, 5)} ${t.dir}`.trim())
                  .join(', ');
                return (
                  <li key={schedule.id}>
                    <Link href={`/schedules/${group.line.id}/${schedule.id}`}>
                      {m.rules.scheduleSummary(schedule.id, days, trips)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </details>
        ))}
      </div>
    );

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
