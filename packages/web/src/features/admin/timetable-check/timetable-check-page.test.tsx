import type { CheckFinding, TimetableCheckReport } from '@bus/core';
import type { AppRouter } from '@bus/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { createTrpcClient, TRPCProvider } from '../../../lib/trpc.ts';
import { TimetableCheckPage } from './timetable-check-page.tsx';

/** Server-side renders (no DOM needed) of the Timetable check with a fixed answer in the cache. */

const backwards: CheckFinding = {
  check: 'timesBackwards',
  severity: 'error',
  params: {
    tripId: 25,
    scheduleId: 13,
    lineId: 6,
    lineName: 'M18 (iki Repšėnai)',
    position: 15,
    stopCount: 15,
    stopId: 44,
    stopName: 'Repšėnai',
    from: '14:24',
    to: '14:15',
    steps: 1,
    routeOrder: false,
  },
  targets: [{ kind: 'schedule', lineId: 6, scheduleId: 13, name: 'M18 (iki Repšėnai)' }],
};
const unusedStops: CheckFinding[] = Array.from({ length: 30 }, (_, i) => ({
  check: 'unusedStop',
  severity: 'warning',
  params: { stopId: 1000 + i, stopName: `Stotelė ${i + 1}` },
  targets: [{ kind: 'stop', stopId: 1000 + i, name: `Stotelė ${i + 1}` }],
}));
const unusedRule: CheckFinding = {
  check: 'unusedRule',
  severity: 'warning',
  params: { ruleId: 16, ruleName: 'Mokslo Metu, 1 ir 3 Penkt.' },
  targets: [{ kind: 'rule', ruleId: 16, name: 'Mokslo Metu, 1 ir 3 Penkt.' }],
};

const report = (findings: CheckFinding[]): TimetableCheckReport => ({
  window: { start: '2026-11-26', end: '2027-11-25' },
  counts: { stops: 195, lines: 21, routes: 40, schedules: 75, trips: 138, rules: 10, holidays: 12 },
  findings,
  errors: findings.filter((f) => f.severity === 'error').length,
  warnings: findings.filter((f) => f.severity === 'warning').length,
});

function render(data: TimetableCheckReport) {
  const queryClient = new QueryClient();
  const trpcClient = createTrpcClient();
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
  queryClient.setQueryData(trpc.admin.check.run.queryKey(), data);
  return renderToString(
    <Router ssrPath="/timetable-check">
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <TimetableCheckPage />
        </TRPCProvider>
      </QueryClientProvider>
    </Router>,
  );
}

/** The text as read: tags are gaps (React's markers between two texts are none). */
const text = (html: string) =>
  html
    .replaceAll('<!-- -->', '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replaceAll('&#x27;', "'");

/** The HTML of the group whose title is given, up to the next group. */
const groupHtml = (html: string, title: string) => {
  const start = html.lastIndexOf('<details', html.indexOf(title));
  const end = html.indexOf('</details>', start);
  return html.slice(start, end);
};

describe('timetable check page', () => {
  it('says so when nothing is found, listing every check as passed', () => {
    const shown = text(render(report([])));
    expect(shown).toContain('Timetable check');
    expect(shown).toContain('No problems found.');
    expect(shown).toContain(
      'Checked 195 stops, 21 lines with 40 route variations, 75 schedules with 138 trips, 10 yearly rules and 12 public holidays; running days from 2026-11-26 to 2027-11-25.',
    );
    expect(shown).toContain('Checks with nothing to report (25)');
  });

  it('groups by check with counts, errors first and open, a long warning group folded with 25 rows and "Show all"', () => {
    const html = render(report([backwards, ...unusedStops, unusedRule]));
    const shown = text(html);
    expect(shown).toContain('1 error and 31 warnings');
    const order = [
      'Times going backwards',
      'Stops no line uses',
      'Yearly rules nothing uses',
      'nothing to report',
    ];
    const at = order.map((words) => shown.indexOf(words));
    // Every title is there (indexOf -1 would sort first and pass unnoticed), in this order.
    for (const [i, index] of at.entries()) expect(index, order[i]).toBeGreaterThanOrEqual(0);
    expect(at).toEqual([...at].sort((a, b) => a - b));

    const errors = groupHtml(html, 'Times going backwards along a trip');
    expect(errors).toMatch(/^<details class="check-group is-error" open=""/);
    expect(text(errors)).toContain(
      'Error Times going backwards along a trip (1) Schedule 13 of M18 (iki Repšėnai) : trip 25: 14:24 → 14:15 at Repšėnai (stop 15 of 15)',
    );
    expect(errors).toContain('href="/schedules/6/13"');

    const stops = groupHtml(html, 'Stops no line uses');
    expect(stops).toMatch(/^<details class="check-group is-warning">/);
    expect(text(stops)).toContain('Warning Stops no line uses (30)');
    expect(stops.match(/<li>/g)).toHaveLength(25);
    expect(stops).toContain('href="/bus-stops?stop=1000"');
    expect(stops).not.toContain('Stotelė 26 ');
    expect(text(stops)).toContain('Show all 30');

    const rules = groupHtml(html, 'Yearly rules nothing uses');
    expect(rules).toMatch(/^<details class="check-group is-warning" open=""/);
    expect(rules).toContain('href="/yearly-rules/16"');
  });
});
