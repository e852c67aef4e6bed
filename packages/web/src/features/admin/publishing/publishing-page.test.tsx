import type { AppRouter } from '@bus/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { createTrpcClient, TRPCProvider } from '../../../lib/trpc.ts';
import type { PublishingData } from '../admin-api.tsx';
import { PublishingPage } from './publishing-page.tsx';

/** Server-side renders (no DOM needed) of the Publishing screen with a fixed answer in the cache. */

const ready: PublishingData = {
  settings: {
    siteUrl: 'https://autobusai.anyksciai.lt/',
    publisherName: 'Anykščių rajono savivaldybė',
    publisherContact: 'info@anyksciai.lt',
    operators: [],
    windowDays: 365,
  },
  savedAt: '2026-11-25T10:00:00.000Z',
  operators: [{ name: 'Transporto Centras', url: 'https://tc.lt', phone: null, lines: ['M35', 'M5'] }],
  problems: [],
  warnings: [],
  summary: {
    start: '2026-11-25',
    end: '2027-11-24',
    version: '20261125T100000Z',
    agencies: 1,
    stops: 195,
    routes: 21,
    trips: 138,
    stopTimes: 2195,
    services: 75,
  },
  stopsWithoutPosition: 0,
};

const notReady: PublishingData = {
  ...ready,
  settings: { ...ready.settings, siteUrl: null, publisherName: null },
  operators: [{ name: 'Transporto Centras', url: null, phone: null, lines: ['M35', 'M5'] }],
  problems: [
    { kind: 'setting', field: 'siteUrl' },
    { kind: 'setting', field: 'publisherName' },
    ...Array.from({ length: 190 }, (_, i) => ({
      kind: 'stopPosition' as const,
      stopId: i + 1,
      stopName: `Stotelė ${i + 1}`,
    })),
    {
      kind: 'timesBackwards',
      lineId: 6,
      lineName: 'M18 (iki Repšėnai)',
      scheduleId: 13,
      tripId: 25,
      stopName: 'Repšėnai',
      from: '14:24',
      to: '14:15',
    },
    {
      kind: 'directionMismatch',
      lineId: 4,
      lineName: 'M17',
      scheduleId: 9,
      tripId: 18,
      boundFor: 'City bound',
      firstStopName: 'Anykščių AS',
      lastStopName: 'Kurkliai II k',
    },
    { kind: 'lineOperator', lineId: 3, lineName: 'M35' },
    { kind: 'operatorUrl', operator: 'Transporto Centras' },
  ],
  warnings: [
    { code: 'feed_expiration_date30_days', severity: 'WARNING', message: 'feed_info.txt ends soon' },
  ],
  stopsWithoutPosition: 190,
};

function render(data: PublishingData) {
  const queryClient = new QueryClient();
  const trpcClient = createTrpcClient();
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
  queryClient.setQueryData(trpc.admin.publishing.get.queryKey(), data);
  return renderToString(
    <Router ssrPath="/publishing">
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <PublishingPage />
        </TRPCProvider>
      </QueryClientProvider>
    </Router>,
  );
}

/** The text as read: tags are gaps. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replaceAll('&#x27;', "'");

describe('publishing page', () => {
  it('shows the settings with their labels, hints and stored values, and one row per operator', () => {
    const html = render(notReady);
    expect(html).toContain('<h1>Publishing (GTFS)</h1>');
    expect(html).toMatch(/<label for="publishing-siteUrl">Site address<\/label>/);
    expect(html).toMatch(/id="publishing-publisherContact"[^>]*value="info@anyksciai.lt"/);
    expect(html).toMatch(/id="publishing-windowDays"[^>]*value="365"/);
    expect(html).toMatch(/<legend class="operator-row__name">Transporto Centras<\/legend>/);
    expect(text(html)).toContain('2 lines M35 M5');
    expect(html).toMatch(/<label for="publishing-operators-0-url">Web address<\/label>/);
    expect(html).toMatch(/aria-describedby="publishing-siteUrl-hint"/);
  });

  it('lists every problem in plain words with the way to fix it; 190 stops stay one item', () => {
    const html = render(notReady);
    const shown = text(html);
    expect(shown).toContain('Not ready to publish yet.');
    expect(shown).toContain('The site address is not set. Fill in');
    expect(html).toContain('aria-label="Fill in: Site address"');
    expect(shown).toContain('The publisher name is not set.');
    expect(shown).toContain('Transporto Centras has no web address.');
    expect(html).toContain('aria-label="Fill in: Transporto Centras: Web address"');
    expect(shown).toContain('1 line names no operator: M35 .');
    expect(html).toContain('href="/lines/3/edit"');
    expect(shown).toContain(
      '190 stops of the timetable have no position: Stotelė 1 , Stotelė 2 , Stotelė 3 , Stotelė 4 , Stotelė 5 and 185 more .',
    );
    expect(html).toContain('href="/bus-stops?stop=1"');
    expect(html).not.toContain('Stotelė 6<');
    expect(html).toMatch(/href="\/bus-stops\?position=missing"[^>]*>Show the stops without a position</);
    expect(shown).toContain(
      'In 1 trip the time goes backwards: M18 (iki Repšėnai), schedule 13, trip 25 : 14:24 → 14:15 at Repšėnai',
    );
    expect(html).toContain('href="/schedules/6/13"');
    expect(shown).toContain(
      'The direction of 1 trip contradicts its stop order: M17, schedule 9, trip 18 : City bound, but it starts at Anykščių AS and ends at Kurkliai II k',
    );
    expect(html).toMatch(/href="\/schedules\/4\/9"[^>]*>M17, schedule 9, trip 18</);
    expect(shown).toContain('1 warning: the feed can be published with them.');
    // Settings first, then the operator, then the lines, the stops and the times.
    const order = [
      'site address',
      'publisher name',
      'has no web address',
      'names no operator',
      'have no position',
      'goes backwards',
      'contradicts its stop order',
    ];
    const at = order.map((words) => shown.indexOf(words));
    expect(at).toEqual([...at].sort((a, b) => a - b));
  });

  it('offers no download and no public address until the feed is ready and the address set', () => {
    const html = render(notReady);
    expect(html).toMatch(
      /<button type="button" class="btn" disabled="" aria-describedby="[^"]+">Download gtfs.zip<\/button>/,
    );
    expect(html).not.toContain('href="/gtfs.zip"');
    expect(text(html)).toContain('Fill in the site address to see the public address of the feed.');
  });

  it('says a ready feed is ready, links the download and shows its public address', () => {
    const html = render(ready);
    const shown = text(html);
    expect(shown).toContain('Ready to publish: planners can download the feed.');
    expect(shown).not.toContain('To fix');
    expect(html).toMatch(/<a class="btn btn--primary" href="\/gtfs.zip" download="">Download gtfs.zip<\/a>/);
    expect(html).toContain('<code>https://autobusai.anyksciai.lt/gtfs.zip</code>');
    expect(shown).toContain('Period 2026-11-25 to 2027-11-24 Lines 21 Stops 195 Trips 138 Operators 1');
  });
});
