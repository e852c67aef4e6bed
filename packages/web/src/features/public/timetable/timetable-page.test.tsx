import type { DepartureItem } from '@bus/core';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { en } from '../../../i18n/en.ts';
import { clearPublicQueryCache, primePublicQuery } from '../../../lib/use-public-query.ts';
import { TimetablePage } from './timetable-page.tsx';

const query = { from: 1, to: null, dir: 'Out bound' as const, date: '2026-05-01' };
const search = 'from=1&to=&dir=Out+bound&date=2026-05-01';

const departure = (over: Partial<DepartureItem>): DepartureItem => ({
  lineName: 'M35',
  routeType: 'Regional Bus',
  tooLate: false,
  lineId: 1,
  schedId: 2,
  tripId: 3,
  timeDepart: '06:40',
  name: 'Dabužiai',
  ...over,
});

function render(url: string): string {
  return renderToString(
    <Router ssrPath={url}>
      <TimetablePage />
    </Router>,
  );
}

afterEach(() => clearPublicQueryCache());

describe('timetable home', () => {
  it('shows chips by hour with the query string, the route colour and the line name tooltip', () => {
    primePublicQuery('departures', query, {
      query: { ...query },
      items: [
        departure({ timeDepart: '05:30', name: 'Early', routeType: 'City Bus', lineName: 'M38' }),
        departure({ timeDepart: '06:40:00', tooLate: true }),
        departure({ timeDepart: '23:10', routeType: 'Nationial Bus', lineName: 'Utena', tripId: 9 }),
      ],
    });
    const html = render(`/?${search}`);
    const rowHeaders = [...html.matchAll(/<th scope="row" class="hour-grid__hour">(\d\d)<\/th>/g)].map(
      (m) => m[1],
    );
    expect(rowHeaders[0]).toBe('05');
    expect(rowHeaders.at(-1)).toBe('23');
    expect(html).toContain(`href="/browse/1/2/3?${search.replaceAll('&', '&amp;')}"`);
    expect(html).toMatch(/aria-describedby="tip-05-0" href="[^"]+" class="chip chip--city"/);
    expect(html).toContain('<span role="tooltip" id="tip-05-0" class="chip-tip">M38</span>');
    expect(html).toMatch(/class="chip chip--regional chip--too-late"/);
    expect(html).toContain('<span class="chip__time">06:40</span>');
    expect(html).toMatch(/class="chip chip--national"/);
  });

  it('links an empty day to /browse, filtered by the destination when going out from the home station', () => {
    const withTo = { ...query, to: 27 };
    primePublicQuery('departures', withTo, { query: withTo, items: [] });
    const html = render('/?from=1&to=27&dir=Out+bound&date=2026-05-01');
    expect(html).toContain(
      `<a href="/browse?from=27&amp;to=27&amp;dir=Out+bound&amp;date=2026-05-01">${en.timetable.nothingFound}</a>`,
    );
  });
});
