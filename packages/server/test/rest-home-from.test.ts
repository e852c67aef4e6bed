import { compareLt } from '@bus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp } from './admin-helpers.ts';
import { fixedClock, realDataApp, type TestApp } from './helpers.ts';
import { expectEmptyOk, expectError, rest } from './rest-helpers.ts';

/**
 * GET /api/scheduleItem/home-from on the real Anykščiai data, checked against
 * docs/domain-rules.md: which schedules run on the date (weekday, public holidays incl.
 * Easter Monday), which trips each direction selects, the item names, the order and tooLate.
 */

interface HomeItem {
  tripId: number;
  timeDepart: string;
  lineName: string;
  name: string;
  routeType: string;
  lineId: number;
  schedId: number;
  tooLate: boolean;
}

interface TripInfo {
  schedule: {
    id: number;
    runsOnWeekly: string[];
    runsOnPublicHolidays: boolean;
    trips: {
      id: number;
      boundFor: string;
      routeDirReversed: boolean;
      timeList: (string | null)[];
      route: { stopsArr: { id: number; name: string }[] };
    }[];
  };
  lineInfo: { id: number; name: string; routeType: string };
}

// Thursday 2026-03-12, 10:00 in Vilnius (UTC+2 before the switch to summer time).
const NOW = '2026-03-12T08:00:00Z';

let t: TestApp;
beforeAll(async () => {
  t = await realDataApp({ clock: fixedClock(NOW) });
});
afterAll(() => t.app.close());

async function homeFrom(app: TestApp['app'], query: string): Promise<HomeItem[]> {
  const res = await rest(app, 'GET', `/api/scheduleItem/home-from?${query}`);
  expect(res.status, res.body).toBe(200);
  return res.json<HomeItem[]>();
}

const tripCache = new Map<number, TripInfo>();
async function tripInfo(tripId: number): Promise<TripInfo> {
  const cached = tripCache.get(tripId);
  if (cached) return cached;
  const res = await rest(t.app, 'GET', `/api/scheduleItem/schedule-by-tripid?tripID=${tripId}`);
  expect(res.status).toBe(200);
  const info = res.json<TripInfo>();
  tripCache.set(tripId, info);
  return info;
}

/** The trip's stops in the order the bus reaches them. */
async function travelStops(tripId: number) {
  const info = await tripInfo(tripId);
  const trip = info.schedule.trips.find((x) => x.id === tripId);
  if (!trip) throw new Error(`trip ${tripId} is not in its own schedule`);
  const stops = trip.route.stopsArr;
  return { trip, info, stops: trip.routeDirReversed ? [...stops].reverse() : stops };
}

function expectOrdered(items: HomeItem[]) {
  for (let i = 1; i < items.length; i++) {
    const a = items[i - 1] as HomeItem;
    const b = items[i] as HomeItem;
    const order =
      a.timeDepart.localeCompare(b.timeDepart) || compareLt(a.lineName, b.lineName) || a.tripId - b.tripId;
    expect(order, `${JSON.stringify(a)} before ${JSON.stringify(b)}`).toBeLessThanOrEqual(0);
  }
}

describe('home-from on a weekday (Thursday 2026-03-12), from the station, out bound', () => {
  const query = 'qdate=2026-03-12&qdir=Out%20bound&qbstopfrom=1&qbstopto=';

  it('lists the out-bound and one-way trips of non-city lines whose schedules run on Thursdays', async () => {
    const items = await homeFrom(t.app, query);
    expect(items.length).toBeGreaterThan(20);
    let ignoringHolidayFlag = 0;
    for (const item of items) {
      const { trip, info, stops } = await travelStops(item.tripId);
      expect(info.schedule.id).toBe(item.schedId);
      expect(info.lineInfo.id).toBe(item.lineId);
      expect(info.schedule.runsOnWeekly).toContain('THURSDAY');
      expect(['Out bound', 'One way']).toContain(trip.boundFor);
      expect(item.routeType).not.toBe('City Bus');
      // A regional or national bus is named by its terminus in travel order.
      expect(item.name).toBe(stops.at(-1)?.name);
      const at = stops.findIndex((s) => s.id === 1);
      expect(trip.timeList[at]?.slice(0, 5)).toBe(item.timeDepart.slice(0, 5));
      if (!info.schedule.runsOnPublicHolidays) ignoringHolidayFlag += 1;
    }
    // On an ordinary day the holiday flag does not matter.
    expect(ignoringHolidayFlag).toBeGreaterThan(0);
  });

  it('orders items by time, then line name, then trip id', async () => {
    expectOrdered(await homeFrom(t.app, query));
  });

  it('marks departures before now (10:00 in Vilnius) as tooLate, later ones not', async () => {
    const items = await homeFrom(t.app, query);
    for (const item of items) expect(item.tooLate, item.timeDepart).toBe(item.timeDepart < '10:00:00');
    expect(items.some((i) => i.tooLate)).toBe(true);
    expect(items.some((i) => !i.tooLate)).toBe(true);
    const yesterday = await homeFrom(t.app, 'qdate=2026-03-11&qdir=Out%20bound&qbstopfrom=1&qbstopto=');
    expect(yesterday.every((i) => i.tooLate)).toBe(true);
    const tomorrow = await homeFrom(t.app, 'qdate=2026-03-13&qdir=Out%20bound&qbstopfrom=1&qbstopto=');
    expect(tomorrow.length).toBeGreaterThan(0);
    expect(tomorrow.every((i) => !i.tooLate)).toBe(true);
  });

  it('with a destination, keeps only trips that reach it after the station', async () => {
    const items = await homeFrom(t.app, 'qdate=2026-03-12&qdir=Out%20bound&qbstopfrom=1&qbstopto=12');
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const { trip, stops } = await travelStops(item.tripId);
      expect(['Out bound', 'One way']).toContain(trip.boundFor);
      const from = stops.findIndex((s) => s.id === 1);
      expect(stops.findIndex((s, i) => i > from && s.id === 12)).toBeGreaterThan(from);
    }
    expectOrdered(items);
  });
});

describe('home-from on public holidays', () => {
  async function expectHolidayItems(date: string, weekday: string, ordinaryDate: string) {
    const items = await homeFrom(t.app, `qdate=${date}&qdir=Out%20bound&qbstopfrom=1&qbstopto=`);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const { info } = await travelStops(item.tripId);
      expect(info.schedule.runsOnPublicHolidays, `schedule ${item.schedId} on ${date}`).toBe(true);
      expect(info.schedule.runsOnWeekly).toContain(weekday);
    }
    expectOrdered(items);
    // The same weekday a week later (no holiday) has more buses.
    const ordinary = await homeFrom(t.app, `qdate=${ordinaryDate}&qdir=Out%20bound&qbstopfrom=1&qbstopto=`);
    expect(ordinary.length).toBeGreaterThan(items.length);
    return items;
  }

  it('on 03-11 (a holiday of the table, a Wednesday) only schedules flagged runsOnPublicHolidays run', async () => {
    await expectHolidayItems('2026-03-11', 'WEDNESDAY', '2026-03-18');
  });

  it('on Easter Monday 2026-04-06 and Easter Sunday 2026-04-05 too (computed, not in the table)', async () => {
    await expectHolidayItems('2026-04-06', 'MONDAY', '2026-04-13');
    const sunday = await homeFrom(t.app, 'qdate=2026-04-05&qdir=Out%20bound&qbstopfrom=1&qbstopto=');
    for (const item of sunday)
      expect((await travelStops(item.tripId)).info.schedule.runsOnPublicHolidays).toBe(true);
  });

  it('removing the 03-11 holiday brings back exactly the schedules without the flag', async () => {
    const a = await adminApp({ clock: fixedClock(NOW) });
    try {
      const query = 'qdate=2026-03-11&qdir=Out%20bound&qbstopfrom=1&qbstopto=';
      const onHoliday = await homeFrom(a.app, query);
      const holidays = (await rest(a.app, 'GET', '/api/holidays/all', { token: a.adminToken })).json<
        { id: number; month: number; day: number }[]
      >();
      const march11 = holidays.find((h) => h.month === 3 && h.day === 11);
      expect(march11).toBeDefined();
      expectEmptyOk(
        await rest(a.app, 'DELETE', `/api/holidays/del1?id=${march11?.id}`, { token: a.adminToken }),
      );
      const ordinary = await homeFrom(a.app, query);
      const flagged: HomeItem[] = [];
      for (const item of ordinary)
        if ((await tripInfo(item.tripId)).schedule.runsOnPublicHolidays) flagged.push(item);
      expect(onHoliday).toEqual(flagged);
      expect(ordinary.length).toBeGreaterThan(onHoliday.length);
    } finally {
      await a.app.close();
    }
  });
});

describe('home-from city bound from the station', () => {
  it('lists only the City Bus M38, named by the next stops, twice per trip (it passes the station twice)', async () => {
    const items = await homeFrom(t.app, 'qdate=2026-03-12&qdir=City%20bound&qbstopfrom=1&qbstopto=');
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.routeType).toBe('City Bus');
      expect(item.lineName).toBe('M38');
      expect(item.name).toMatch(/^[^>]+ > [^>]+( > \.\.\.)?$/);
      const { stops, trip } = await travelStops(item.tripId);
      const visits = stops.flatMap((s, i) => (s.id === 1 && i < stops.length - 1 ? [i] : []));
      const names = visits.map((i) => {
        const next = stops.slice(i + 1, i + 3).map((s) => s.name);
        return next.join(' > ') + (stops.length > i + 3 ? ' > ...' : '');
      });
      expect(names).toContain(item.name);
      const visit = visits[names.indexOf(item.name)] as number;
      expect(trip.timeList[visit]?.slice(0, 5)).toBe(item.timeDepart.slice(0, 5));
    }
    const perTrip = new Map<number, number>();
    for (const item of items) perTrip.set(item.tripId, (perTrip.get(item.tripId) ?? 0) + 1);
    expect([...perTrip.values()].every((n) => n === 2)).toBe(true);
    expect(items.map((i) => i.name)).toContain('Troškūnų g. st. > Geležinkelio stotis > ...');
    expectOrdered(items);
  });

  it('the destination is ignored city bound', async () => {
    const without = await homeFrom(t.app, 'qdate=2026-03-12&qdir=City%20bound&qbstopfrom=1&qbstopto=');
    expect(await homeFrom(t.app, 'qdate=2026-03-12&qdir=City%20bound&qbstopfrom=1&qbstopto=12')).toEqual(
      without,
    );
  });
});

describe('home-from inputs as the old client sends them', () => {
  const outBound = 'qdate=2026-03-12&qdir=Out%20bound&qbstopfrom=1&qbstopto=';

  it('treats a missing or unknown qdir as Out bound', async () => {
    const expected = await homeFrom(t.app, outBound);
    expect(await homeFrom(t.app, 'qdate=2026-03-12&qbstopfrom=1&qbstopto=')).toEqual(expected);
    expect(await homeFrom(t.app, 'qdate=2026-03-12&qdir=&qbstopfrom=1')).toEqual(expected);
    expect(await homeFrom(t.app, 'qdate=2026-03-12&qdir=Sideways&qbstopfrom=1')).toEqual(expected);
    expect(await homeFrom(t.app, 'qdate=2026-03-12&qdir=One%20way&qbstopfrom=1')).toEqual(expected);
  });

  it('reads qdir with a space, percent-encoded or as +', async () => {
    const city = await homeFrom(t.app, 'qdate=2026-03-12&qdir=City%20bound&qbstopfrom=1');
    expect(city.length).toBeGreaterThan(0);
    expect(await homeFrom(t.app, 'qdate=2026-03-12&qdir=City+bound&qbstopfrom=1')).toEqual(city);
    expect(city).not.toEqual(await homeFrom(t.app, outBound));
  });

  it('treats a missing or empty qbstopfrom as stop 1', async () => {
    const expected = await homeFrom(t.app, outBound);
    expect(await homeFrom(t.app, 'qdate=2026-03-12&qdir=Out%20bound')).toEqual(expected);
    expect(await homeFrom(t.app, 'qdate=2026-03-12&qdir=Out%20bound&qbstopfrom=&qbstopto=')).toEqual(
      expected,
    );
    expect(await homeFrom(t.app, 'qdate=2026-03-12')).toEqual(expected);
  });

  it('accepts an empty qbstopto as no destination', async () => {
    expect(await homeFrom(t.app, 'qdate=2026-03-12&qdir=Out%20bound&qbstopfrom=1')).toEqual(
      await homeFrom(t.app, outBound),
    );
  });

  it('answers a malformed qdate with 400 and a message (the old server answered an empty 200)', async () => {
    for (const qdate of ['2026-13-01', '2026-02-29', '2026-3-12', 'x'])
      expectError(
        await rest(t.app, 'GET', `/api/scheduleItem/home-from?qdate=${qdate}&qdir=Out%20bound&qbstopfrom=1`),
        400,
        /qdate/,
      );
  });

  it('from another stop, takes trips bound the chosen way or one way that stop there', async () => {
    const items = await homeFrom(t.app, 'qdate=2026-03-12&qdir=City%20bound&qbstopfrom=37');
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const { trip, stops } = await travelStops(item.tripId);
      expect(['City bound', 'One way']).toContain(trip.boundFor);
      expect(stops.slice(0, -1).some((s) => s.id === 37)).toBe(true);
    }
  });
});
