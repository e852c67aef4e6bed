import {
  assembleDepartures,
  BOUND_FOR,
  type DepartureItem,
  type DepartureSelection,
  DIRECTIONS,
  serviceDayContext,
  tripSelectionFilter,
} from '@bus/core';
import { findDepartureCandidates, readSnapshot } from '@bus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeparturesResult } from '../src/public-read/departures.ts';
import type { LinePreview, LineTimetable, TripSchedule } from '../src/public-read/timetable.ts';
import { fixedClock, realDataApp, type TestApp, trpcQuery } from './helpers.ts';

// 2026-03-04 09:30 in Vilnius (UTC+2): a Wednesday in school time.
const clock = fixedClock('2026-03-04T07:30:00Z');
let t: TestApp;
const departures = async (input: Record<string, unknown>) => {
  const res = await trpcQuery<DeparturesResult>(t.app, 'timetable.departures', input);
  expect(res.error).toBeUndefined();
  return res.data;
};
const tripSchedule = async (id: number) =>
  (await trpcQuery<TripSchedule>(t.app, 'timetable.tripSchedule', { id })).data;

/** The trip's stops in travel order. */
async function travelStops(tripId: number): Promise<number[]> {
  const { schedule } = await tripSchedule(tripId);
  const trip = schedule.trips.find((x) => x.id === tripId);
  if (!trip) throw new Error(`trip ${tripId} missing`);
  const ids = trip.route.stopsArr.map((s) => s.id);
  return trip.routeDirReversed ? ids.reverse() : ids;
}

function expectOrdered(items: DepartureItem[]) {
  const times = items.map((i) => i.timeDepart);
  expect(times).toEqual([...times].sort());
}

beforeAll(async () => {
  t = await realDataApp({ clock });
});
afterAll(() => t.app.close());

describe('timetable.departures on the real Anykščiai data', () => {
  it('applies the defaults: from 1, Out bound, today in Vilnius', async () => {
    const result = await departures({});
    expect(result.query).toEqual({ from: 1, to: null, dir: 'Out bound', date: '2026-03-04' });
    expect(result.items.length).toBeGreaterThan(20);
  });

  it('lists weekday departures from the home station: out of town, no city buses, ordered, tooLate before now', async () => {
    const { items } = await departures({ from: 1, dir: 'Out bound', date: '2026-03-04' });
    expect(items.length).toBeGreaterThan(20);
    expect(items.every((i) => i.routeType !== 'City Bus')).toBe(true);
    expectOrdered(items);
    for (const i of items) expect(i.tooLate).toBe(i.timeDepart < '09:30');
    expect(Object.keys(items[0] as object).sort()).toEqual(
      ['lineId', 'lineName', 'name', 'routeType', 'schedId', 'timeDepart', 'tooLate', 'tripId'].sort(),
    );
    // The old client's grid hid the 05:30 Ukmergė bus; it is a real departure on a weekday.
    expect(items[0]).toMatchObject({ timeDepart: '05:30', lineName: 'Ukmergė m27?', name: 'Ukmergė' });
  });

  it('on a public holiday shows only schedules that run on public holidays', async () => {
    const weekday = await departures({ from: 1, date: '2026-03-04' });
    const holiday = await departures({ from: 1, date: '2026-03-11' }); // Wednesday, 03-11 is a holiday
    expect(holiday.items.length).toBeGreaterThan(0);
    expect(holiday.items.length).toBeLessThan(weekday.items.length);
    for (const item of holiday.items) {
      expect((await tripSchedule(item.tripId)).schedule.runsOnPublicHolidays).toBe(true);
    }
  });

  it('treats Easter Monday as a public holiday (computed, not in the holiday table)', async () => {
    const easterMonday = await departures({ from: 1, date: '2026-04-06' });
    const nextMonday = await departures({ from: 1, date: '2026-04-13' });
    expect(easterMonday.items.length).toBeLessThan(nextMonday.items.length);
    for (const item of easterMonday.items) {
      expect((await tripSchedule(item.tripId)).schedule.runsOnPublicHolidays).toBe(true);
    }
  });

  it('says whether the date is a public holiday: table days and both Easter days, not the days around them', async () => {
    const cases: [string, boolean][] = [
      ['2026-12-25', true], // Christmas, in the holiday table
      ['2026-12-28', false],
      ['2026-03-11', true],
      ['2027-03-28', true], // Easter Sunday 2027 (computed)
      ['2027-03-29', true], // Easter Monday 2027 (computed)
      ['2027-03-30', false],
      ['2026-03-04', false],
    ];
    for (const [date, holiday] of cases) {
      expect((await departures({ from: 1, date })).holiday, date).toBe(holiday);
      const line = (await trpcQuery<LineTimetable>(t.app, 'timetable.lineTimetable', { id: 13, date })).data;
      if (line.nothingFound) throw new Error('expected M38');
      expect(line.isHoliday, date).toBe(holiday);
    }
  });

  it('City bound from the home station lists the city buses with their next stops', async () => {
    const { items } = await departures({ from: 1, dir: 'City bound', date: '2026-03-04' });
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items.map((i) => i.routeType))).toEqual(new Set(['City Bus']));
    expect(items.every((i) => i.lineName === 'M38')).toBe(true);
    expect(items.some((i) => /^.+ > .+ > \.\.\.$/.test(i.name))).toBe(true);
    // M38's circular routes pass the station more than once: one item per visit.
    const perTrip = new Map<number, number>();
    for (const i of items) perTrip.set(i.tripId, (perTrip.get(i.tripId) ?? 0) + 1);
    expect(Math.max(...perTrip.values())).toBeGreaterThan(1);
  });

  it('with a destination lists only trips that reach it after the home station', async () => {
    const toKavarskas = await departures({ from: 1, to: 27, date: '2026-03-04' });
    const noDestination = await departures({ from: 1, date: '2026-03-04' });
    expect(toKavarskas.items.length).toBeGreaterThan(0);
    expect(toKavarskas.items.length).toBeLessThan(noDestination.items.length);
    for (const item of toKavarskas.items) {
      const stops = await travelStops(item.tripId);
      expect(stops.indexOf(27, stops.indexOf(1) + 1)).toBeGreaterThan(-1);
    }
  });

  it('from another stop follows the direction and names the terminus', async () => {
    const { items } = await departures({ from: 27, dir: 'City bound', date: '2026-03-04' });
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const stops = await travelStops(item.tripId);
      expect(stops).toContain(27);
      expect(item.name).not.toBe('');
    }
  });

  it('marks every departure of a past day too late and none of a future day', async () => {
    expect((await departures({ date: '2026-03-03' })).items.every((i) => i.tooLate)).toBe(true);
    expect((await departures({ date: '2026-03-05' })).items.some((i) => i.tooLate)).toBe(false);
  });

  it('falls back to today for a malformed date and to Out bound for an unknown direction', async () => {
    const result = await departures({ date: '2026-02-30', dir: 'Sideways' });
    expect(result.query).toMatchObject({ date: '2026-03-04', dir: 'Out bound' });
  });

  it('rejects a malformed stop id with a clear message', async () => {
    const res = await trpcQuery(t.app, 'timetable.departures', { from: 'abc' });
    expect(res.status).toBe(400);
    expect(res.error?.message).toMatch(/from/);
  });
});

describe('findDepartureCandidates: the SQL prefilter never changes the answer', () => {
  it('gives the same items as the unfiltered visits for every stop, direction and kind of day', async () => {
    const snapshot = await readSnapshot(t.db);
    const lookup = {
      stopIds: (id: number) => snapshot.routeStops.get(id),
      stopName: (id: number) => snapshot.stopNames.get(id) ?? '',
    };
    const stops = [...new Set([...snapshot.routeStops.values()].flat())];
    // A Wednesday, a Saturday, a Sunday, a public holiday; the time makes some items too late.
    const dates = ['2026-03-04', '2026-03-07', '2026-03-08', '2026-02-16'];
    const now = { date: '2026-03-04', minutes: 12 * 60 };
    let compared = 0;
    let items = 0;
    for (const date of dates) {
      const day = serviceDayContext(date, snapshot.rules, snapshot.holidays);
      const dayFilter = {
        date,
        weekdayBit: day.weekdayBit,
        isHoliday: day.isHoliday,
        activeRuleIds: day.activeRuleIds,
      };
      for (const from of stops) {
        // Every trip through the stop, whatever its direction or line type.
        const all = findDepartureCandidates(
          t.db.sqlite,
          { stopId: from, ...dayFilter, boundFor: BOUND_FOR, lineType: 'any', destination: null },
          snapshot.lines,
        );
        const destinations = from === 1 ? [null, ...stops.filter((s) => s !== 1)] : [null];
        for (const dir of DIRECTIONS) {
          for (const to of destinations) {
            const q: DepartureSelection & { date: string } = { from, to, dir, date };
            const filtered = findDepartureCandidates(
              t.db.sqlite,
              { stopId: from, ...dayFilter, ...tripSelectionFilter(q) },
              snapshot.lines,
            );
            const expected = assembleDepartures(q, now, all, lookup);
            // Nothing reaches JS that assembleDepartures would drop.
            expect(filtered).toHaveLength(expected.length);
            expect(assembleDepartures(q, now, filtered, lookup)).toEqual(expected);
            compared++;
            items += expected.length;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
    expect(items).toBeGreaterThan(1000);
  });
});

describe('timetable.searchStops', () => {
  const search = async (query: string) =>
    (await trpcQuery<{ id: number; name: string }[]>(t.app, 'timetable.searchStops', { query })).data;

  it.each([
    ['anyksciu', 'Anykščių AS'],
    ['siau', 'Šiauliai'],
    ['ANYKŠČ', 'Anykščių AS'],
  ])('%s finds %s', async (query, name) => {
    expect((await search(query)).map((s) => s.name)).toContain(name);
  });

  it('returns the default stops for an empty query, at most 10 results otherwise, starts-with first', async () => {
    const defaults = await search('');
    expect(defaults.map((s) => s.id).sort((a, b) => a - b)).toEqual([1, 12, 27, 37, 85, 156]);
    const many = await search('a');
    expect(many.length).toBe(10);
    const k = await search('ka');
    const firstOther = k.findIndex((s) => !s.name.toLowerCase().startsWith('ka'));
    if (firstOther >= 0)
      expect(k.slice(firstOther).every((s) => !s.name.toLowerCase().startsWith('ka'))).toBe(true);
  });

  it('matches 1-2 letters only at the start of a word', async () => {
    for (const stop of await search('g')) expect(stop.name).toMatch(/(^|\s)[gG]/);
  });
});

describe('timetable.stopPair (get2)', () => {
  it('keeps the destination only when departing from the home station', async () => {
    const pair = (
      await trpcQuery<{ from: { id: number } | null; to: { id: number } | null }>(
        t.app,
        'timetable.stopPair',
        { fromId: 1, toId: 27 },
      )
    ).data;
    expect([pair.from?.id, pair.to?.id]).toEqual([1, 27]);
    const other = (await trpcQuery<typeof pair>(t.app, 'timetable.stopPair', { fromId: 27, toId: 12 })).data;
    expect([other.from?.id, other.to]).toEqual([27, null]);
    const unknown = (await trpcQuery<typeof pair>(t.app, 'timetable.stopPair', { fromId: 9999 })).data;
    expect(unknown.from?.id).toBe(1);
  });
});

describe('timetable.lines (browse)', () => {
  it('lists every line with main and extra stops and filters by a main stop', async () => {
    const all = (await trpcQuery<LinePreview[]>(t.app, 'timetable.lines', {})).data;
    expect(all).toHaveLength(21);
    const m17b = all.find((l) => l.id === 7);
    expect(m17b?.mainStops).toHaveLength(12);
    expect(m17b?.extraStops?.map((s) => s.id)).toEqual([63, 64, 65, 45, 44, 66, 67, 36, 69, 68]);
    expect(all.find((l) => l.id === 1)?.extraStops).toBeNull();
    expect(all.find((l) => l.id === 4)?.extraStops).toEqual([]);
    const fromKavarskas = (await trpcQuery<LinePreview[]>(t.app, 'timetable.lines', { from: 27 })).data;
    expect(fromKavarskas.length).toBeGreaterThan(0);
    expect(fromKavarskas.length).toBeLessThan(21);
    for (const line of fromKavarskas) expect(line.mainStops.map((s) => s.id)).toContain(27);
  });
});

describe('timetable.lineTimetable and tripSchedule', () => {
  it('gives a line its schedules with trips and routes, and the rules with those active on the date', async () => {
    const res = await trpcQuery<LineTimetable>(t.app, 'timetable.lineTimetable', {
      id: 13,
      date: '2026-07-15',
    });
    const data = res.data;
    if (data.nothingFound) throw new Error('expected M38');
    expect(data.line).toMatchObject({
      id: 13,
      name: 'M38',
      routeType: 'City Bus',
      enabledSeasonalYearlyRuleFilter: true,
    });
    expect(data.schedules).toHaveLength(12);
    expect(data.schedules[0]?.trips[0]?.route.stopsArr.length).toBeGreaterThan(5);
    expect(data.yearlyRules.length).toBeGreaterThan(0);
    expect(data.activeRuleIds.every((id) => data.yearlyRules.some((r) => r.id === id))).toBe(true);
  });

  it('answers nothingFound for an unknown line', async () => {
    const res = await trpcQuery<LineTimetable>(t.app, 'timetable.lineTimetable', { id: 999 });
    expect(res.data).toEqual({ nothingFound: true });
  });

  it('gives a trip its whole schedule and line, and NOT_FOUND for an unknown trip', async () => {
    const data = await tripSchedule(131);
    expect(data.tripId).toBe(131);
    expect(data.schedule.trips.map((x) => x.id)).toContain(131);
    expect(data.schedule.runsOnYearly?.periodName).toBeTruthy();
    expect(data.lineInfo.name).toBeTruthy();
    const missing = await trpcQuery(t.app, 'timetable.tripSchedule', { id: 89 });
    expect(missing.status).toBe(404);
    expect(missing.error?.message).toBe('Trip 89 does not exist');
  });
});
