import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { en } from '../../../i18n/en.ts';
import { clearPublicQueryCache, primePublicQuery } from '../../../lib/use-public-query.ts';
import { departure } from '../../../test/fixtures.ts';
import { DeparturesPage } from './departures-page.tsx';

// A date after today (the system clock, Date only, is fixed below at 2026-11-29 12:00 in
// Vilnius): the server's tooLate flags stand (a date before today has left whole).
const query = { from: 1, to: null, dir: 'Out bound' as const, date: '2099-05-01' };
const search = 'from=1&to=&dir=Out+bound&date=2099-05-01';

function render(url: string): string {
  return renderToString(
    <Router ssrPath={url}>
      <DeparturesPage />
    </Router>,
  );
}

beforeEach(() => {
  vi.setSystemTime(new Date('2026-11-29T10:00:00Z'));
});
afterEach(() => {
  clearPublicQueryCache();
  vi.useRealTimers();
});

describe('departures page (the home)', () => {
  it('shows chips by hour with the query string, the route colour and the line name on the chip', () => {
    primePublicQuery('departures', query, {
      query: { ...query },
      holiday: false,
      items: [
        departure({ timeDepart: '05:30', name: 'Early', routeType: 'City Bus', lineName: 'M38', tripId: 4 }),
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
    expect(html).toMatch(
      /<a title="M38" href="[^"]+" class="chip chip--city"><span class="chip__time">05:30<\/span> <small>M38<\/small>/,
    );
    expect(html).toMatch(/class="chip chip--regional chip--too-late"/);
    expect(html).toContain('<span class="chip__time">06:40</span>');
    expect(html).toMatch(/class="chip chip--national"/);
  });

  it('links an empty day to /browse, filtered by the destination when going out from the home station', () => {
    const withTo = { ...query, to: 27 };
    primePublicQuery('departures', withTo, { query: withTo, holiday: false, items: [] });
    const html = render('/?from=1&to=27&dir=Out+bound&date=2099-05-01');
    expect(html).toContain(
      `<a href="/browse?from=27&amp;to=27&amp;dir=Out+bound&amp;date=2099-05-01">${en.timetable.nothingFound}</a>`,
    );
  });

  it('says when the date is a public holiday, marks a loop bus on both chips and links the print and calendar views', () => {
    const withTo = { ...query, to: 27 };
    primePublicQuery('departures', withTo, {
      query: withTo,
      holiday: true,
      items: [
        departure({ timeDepart: '07:10', tripId: 5, lineName: 'M38' }),
        departure({ timeDepart: '07:30', tripId: 6 }),
        departure({ timeDepart: '07:45', tripId: 5, lineName: 'M38' }),
      ],
    });
    const html = render('/?from=1&to=27&dir=Out+bound&date=2099-05-01');
    expect(html).toContain(`<p class="notice">${en.now.holiday}</p>`);
    expect(html).toContain('title="M38: the same bus as at 07:45"');
    expect(html).toContain('title="M38: the same bus as at 07:10"');
    expect(html.match(/ ↻/g)).toHaveLength(2);
    // The chosen date (not today) goes with the poster, not with the calendar feed.
    expect(html).toContain('<a href="/print/stop/1?dir=Out+bound&amp;to=27&amp;date=2099-05-01">Print</a>');
    expect(html).toContain('<a href="/calendar/stop/1.ics?dir=Out+bound&amp;to=27">Add to calendar</a>');
    // Not today: no "now" marker (Next buses, a lazy chunk, is tested by showsNextBuses).
    expect(html).not.toContain('now-mark');
  });

  it('leaves out the notice on other days and `to` from the links when there is none', () => {
    primePublicQuery('departures', query, { query, holiday: false, items: [departure({})] });
    const html = render(`/?${search}`);
    expect(html).not.toContain('class="notice"');
    expect(html).toContain('<a href="/print/stop/1?dir=Out+bound&amp;date=2099-05-01">Print</a>');
  });
});
