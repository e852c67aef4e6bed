import type { AppRouter } from '@bus/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { createTrpcClient, TRPCProvider } from '../../../lib/trpc.ts';
import { HistoryPage } from './history-page.tsx';
import { filterFromSearch, historyPagesKey } from './history-view.ts';

/** Server-side renders (no DOM needed) of the history screen with fixed answers in the cache. */

type Page = inferRouterOutputs<AppRouter>['admin']['history']['list'];
type Item = Page['items'][number];

const item = (over: Partial<Item> & Pick<Item, 'id'>): Item => ({
  at: '2026-07-01T10:05:00.000Z',
  username: 'boss',
  via: 'admin',
  kind: 'holiday',
  entityId: 5,
  lineId: null,
  action: 'update',
  summary: 'Holiday Joninės',
  restoredFrom: null,
  changes: [],
  restorable: true,
  version: 130,
  batchRestore: null,
  ...over,
});

const renamed = item({
  id: 123,
  via: 'rest',
  username: 'anna',
  changes: [{ path: 'name', before: 'Rasos', after: 'Joninės' }],
});
const created = item({
  id: 122,
  // 22:30 UTC on New Year's Day is already the 2nd in Vilnius (UTC+2 in winter).
  at: '2026-01-01T22:30:00.000Z',
  kind: 'schedule',
  entityId: 70,
  lineId: 3,
  action: 'create',
  summary: 'Schedule 70 (M35)',
  // The newest entry of a save of three schedules (a grid save).
  batchRestore: { size: 3, what: 'schedules', version: 130 },
  changes: Array.from({ length: 14 }, (_, i) => ({
    path: `trips[id=130].timeList[${i}]`,
    before: null,
    after: `07:${String(i).padStart(2, '0')}`,
  })),
});
const restored = item({
  id: 121,
  action: 'delete',
  summary: 'Holiday Kūčios',
  restoredFrom: 99,
  changes: [{ path: '', before: 'Kūčios (5)', after: null }],
});
const firstRules = item({
  id: 120,
  kind: 'rules',
  entityId: null,
  action: 'create',
  summary: 'Yearly rules',
  changes: [{ path: '[id=1].name', before: null, after: 'Apskritus metus' }],
  restorable: false,
});

function render(path: string, page: Page | null) {
  const queryClient = new QueryClient();
  const trpcClient = createTrpcClient();
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
  const line = (id: number, name: string) => ({
    id,
    name,
    routeStart: 'Anykščiai',
    routeEnd: null,
    mainStops: [],
    extraStops: null,
  });
  queryClient.setQueryData(trpc.admin.lines.list.queryKey(), [line(3, 'M35'), line(4, 'M36')]);
  if (page) {
    const filter = filterFromSearch(path.split('?')[1] ?? '');
    queryClient.setQueryData(historyPagesKey(trpc.admin.history.list.pathKey(), filter), {
      pages: [page],
      pageParams: [null],
    });
  }
  return renderToString(
    <Router ssrPath={path}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <HistoryPage />
        </TRPCProvider>
      </QueryClientProvider>
    </Router>,
  );
}

/** The text as read: tags are gaps, except a word break (<wbr>) inside a field name. */
const text = (html: string) =>
  html
    .replace(/<wbr\/?>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('history page', () => {
  const page: Page = {
    items: [renamed, created, restored, firstRules],
    nextBeforeId: 120,
    authors: ['anna', 'boss'],
  };

  it('labels the three filters and offers every kind, line and person', () => {
    const html = render('/history', page);
    expect(html).toContain('<h1>History</h1>');
    for (const label of ['Kind of thing', 'Line', 'Person'])
      expect(html).toMatch(new RegExp(`<label[^>]*>${label}</label>`));
    for (const option of [
      'All',
      'Lines',
      'Schedules',
      'Yearly rules',
      'Holidays',
      'Bus stops',
      'Service changes',
    ])
      expect(html).toMatch(new RegExp(`<option value="[a-z_]*"[^>]*>${option}</option>`));
    expect(html).toMatch(
      /<option value="" selected="">All lines<\/option><option value="3">M35<\/option><option value="4">M36/,
    );
    expect(html).toMatch(
      /<option value="" selected="">Everyone<\/option><option value="anna">anna<\/option><option value="boss">boss/,
    );
  });

  it('shows the filters of the address as chosen', () => {
    const html = render('/history?kind=holiday&line=3&user=anna', page);
    expect(html).toMatch(/<option value="holiday" selected="">Holidays<\/option>/);
    expect(html).toMatch(/<option value="3" selected="">M35<\/option>/);
    expect(html).toMatch(/<option value="anna" selected="">anna<\/option>/);
  });

  it('says what changed, when in Vilnius, who, field by field', () => {
    const html = text(render('/history', page));
    expect(html).toContain('Changed Holiday Joninės');
    expect(html).toContain('2026-07-01 13:05 anna via the old REST API Change 123');
    expect(html).toContain('Field Before After name Rasos Joninės');
    expect(html).toContain('Created Schedule 70 (M35)');
    expect(html).toContain('2026-01-02 00:30');
    expect(html).toContain('trips #130 › timeList 1 — 07:00');
    expect(html).toContain('Restored Holiday Kūčios');
    expect(html).toContain('puts back the version before change 99');
    expect(html).toContain('(all of it) Kūčios (5) —');
  });

  it('folds more than 12 changed fields and offers a restore only where one is possible', () => {
    const html = render('/history', page);
    expect(html).toMatch(/<details class="history-entry__all"><summary>Show all 14 changes<\/summary>/);
    expect(html.match(/<details/g)).toHaveLength(1);
    expect(html).toContain(
      'aria-label="Restore the version before this change (Holiday Joninės, change 123)"',
    );
    expect(html).toContain(
      'aria-label="Restore the version before this change (Schedule 70 (M35), change 122)"',
    );
    expect(html).not.toContain('change 120)');
    expect(html.match(/>Restore the version before this change</g)).toHaveLength(3);
    // The save of three schedules can be put back in one step, offered once.
    expect(html).toContain('aria-label="Restore all 3 schedules of this save (change 122)"');
    expect(html.match(/>Restore all \d+ schedules of this save</g)).toHaveLength(1);
    expect(html).toContain('Show older changes');
  });

  it('names a service change by its number and title (issue 27)', () => {
    const change = item({
      id: 130,
      kind: 'service_change',
      entityId: 5,
      lineId: 20,
      action: 'delete',
      summary: 'Service change 5: Atšauktas reisas 07:50 (M24)',
      changes: [{ path: '', before: 'Atšauktas reisas 07:50 (M24)', after: null }],
    });
    const html = render('/history?kind=service_change', {
      items: [change],
      nextBeforeId: null,
      authors: ['boss'],
    });
    expect(html).toMatch(/<option value="service_change" selected="">Service changes<\/option>/);
    expect(text(html)).toContain('Deleted Service change 5: Atšauktas reisas 07:50 (M24)');
  });

  it('says when nothing was recorded, or nothing matches, and waits for the first page', () => {
    const empty: Page = { items: [], nextBeforeId: null, authors: [] };
    expect(render('/history', empty)).toContain('No changes recorded yet.');
    expect(render('/history?kind=stop', empty)).toContain('No change matches the filters.');
    expect(render('/history?kind=stop', empty)).not.toContain('Show older changes');
    expect(render('/history', null)).toContain('class="loading"');
  });
});
