import type { LineInfo as DomainLineInfo, Stop, YearlyRule } from '@bus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeparturesResult } from '../src/public-read/departures.ts';
import type { StopPair as DomainStopPair } from '../src/public-read/stops.ts';
import type {
  LineTimetable as DomainLineTimetable,
  LinePreview,
  PublicTrip,
  TripSchedule,
} from '../src/public-read/timetable.ts';
import { legacyTripSchedule } from '../src/rest/mappers.ts';
import { fixedClock, realDataApp, type TestApp, trpcQuery } from './helpers.ts';
import {
  arrayOf,
  expectError,
  expectShape,
  HomeItem,
  LineTimetable,
  NothingFound,
  PublicLinePreview,
  rest,
  StopOption,
  StopPair,
  TripScheduleShape,
  withSeconds,
} from './rest-helpers.ts';

/**
 * The public legacy paths (spec section 7, 'Public'): the contract's JSON shapes, and the same
 * content as the tRPC procedure the new web app calls for the same input, mapped field by
 * field here (independently of the server's mappers), so the two transports cannot drift.
 */

// Thursday 2026-03-12, 10:00 in Vilnius (UTC+2).
const NOW = '2026-03-12T08:00:00Z';
const TODAY = '2026-03-12';

let t: TestApp;
beforeAll(async () => {
  t = await realDataApp({ clock: fixedClock(NOW) });
});
afterAll(() => t.app.close());

async function trpcData<T>(path: string, input?: unknown): Promise<T> {
  const res = await trpcQuery<T>(t.app, path, input);
  expect(res.status, JSON.stringify(res.error)).toBe(200);
  return res.data;
}

// ---- tRPC result -> the legacy shape, as the contract describes it -------------------------

const legacyStop = (s: Stop) => ({
  id: s.id,
  name: s.name,
  coords: s.coords,
  defaultOption: s.defaultOption,
});

function legacyLineInfo(l: DomainLineInfo) {
  return {
    id: l.id,
    name: l.name,
    routeStart: l.routeStart,
    routeEnd: l.routeEnd,
    operator: l.operator,
    anykStationPlatform: l.anykStationPlatform,
    price: l.price,
    enabledSeasonalYearlyRuleFilter: l.enabledSeasonalYearlyRuleFilter,
    customNotes: l.customNotes.map((n) => ({ id: n.id, noteKey: n.noteKey, noteValue: n.noteValue })),
    routeType: l.routeType,
  };
}

function legacyRule(r: YearlyRule) {
  return {
    id: r.id,
    periodName: r.periodName,
    typeOfYearlyRule: r.typeOfYearlyRule,
    timePeriods: r.timePeriods,
    otherRuleId: r.otherRuleId,
    pattern1Params: r.pattern1Params,
  };
}

function legacyTrip(trip: PublicTrip) {
  return {
    id: trip.id,
    routeDirReversed: trip.routeDirReversed,
    boundFor: trip.boundFor,
    timeList: trip.timeList.map(withSeconds),
    route: {
      id: trip.route.id,
      stopsArr: trip.route.stopsArr.map(legacyStop),
      distanceMetersList: trip.route.distanceMeters,
      routeNotes: trip.route.routeNotes,
    },
  };
}

const ALL_LINE_IDS = Array.from({ length: 21 }, (_, i) => i + 1);

describe('GET /api/scheduleItem/home-from', () => {
  const cases = [
    {
      label: 'from the station, out bound',
      query: 'qdir=Out%20bound&qbstopfrom=1&qbstopto=',
      dir: 'Out bound',
      from: 1,
    },
    {
      label: 'from the station to Andrioniškis',
      query: 'qdir=Out%20bound&qbstopfrom=1&qbstopto=12',
      dir: 'Out bound',
      from: 1,
      to: 12,
    },
    { label: 'city bound', query: 'qdir=City%20bound&qbstopfrom=1&qbstopto=', dir: 'City bound', from: 1 },
    {
      label: 'from Puntukas, city bound',
      query: 'qdir=City%20bound&qbstopfrom=37&qbstopto=',
      dir: 'City bound',
      from: 37,
    },
    {
      label: 'from Puntukas, out bound',
      query: 'qdir=Out%20bound&qbstopfrom=37',
      dir: 'Out bound',
      from: 37,
    },
  ];

  for (const c of cases) {
    it(`answers HomeItem[] equal to timetable.departures: ${c.label}`, async () => {
      for (const date of [TODAY, '2026-03-14', '2026-07-01']) {
        const res = await rest(t.app, 'GET', `/api/scheduleItem/home-from?qdate=${date}&${c.query}`);
        expect(res.status, res.body).toBe(200);
        const body = res.json<unknown[]>();
        expectShape(body, arrayOf(HomeItem));
        const trpc = await trpcData<DeparturesResult>('timetable.departures', {
          from: c.from,
          to: c.to ?? null,
          dir: c.dir,
          date,
        });
        expect(trpc.query).toEqual({ from: c.from, to: c.to ?? null, dir: c.dir, date });
        expect(body).toEqual(
          trpc.items.map((i) => ({
            tripId: i.tripId,
            timeDepart: withSeconds(i.timeDepart),
            lineName: i.lineName,
            name: i.name,
            routeType: i.routeType,
            lineId: i.lineId,
            schedId: i.schedId,
            tooLate: i.tooLate,
          })),
        );
        if (c.from === 1 && date === TODAY) expect(body.length, `${c.label} on ${date}`).toBeGreaterThan(0);
      }
    });
  }

  it('answers an unknown stop with []', async () => {
    const res = await rest(
      t.app,
      'GET',
      `/api/scheduleItem/home-from?qdate=${TODAY}&qdir=Out%20bound&qbstopfrom=99999`,
    );
    expect(res.status).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('answers a missing or malformed qdate, or a non-numeric stop id, with 400 and a message', async () => {
    expectError(
      await rest(t.app, 'GET', '/api/scheduleItem/home-from?qdir=Out%20bound&qbstopfrom=1'),
      400,
      /qdate/,
    );
    for (const qdate of ['2026-3-12', '2026-02-30', '12.03.2026', 'today', ''])
      expectError(await rest(t.app, 'GET', `/api/scheduleItem/home-from?qdate=${qdate}`), 400, /qdate/);
    expectError(
      await rest(t.app, 'GET', `/api/scheduleItem/home-from?qdate=${TODAY}&qbstopfrom=abc`),
      400,
      /qbstopfrom/,
    );
    expectError(
      await rest(t.app, 'GET', `/api/scheduleItem/home-from?qdate=${TODAY}&qbstopfrom=1&qbstopto=x`),
      400,
      /qbstopto/,
    );
  });
});

describe('GET /api/busstop/search', () => {
  const label = (s: Stop) => (s.coords ? `${s.name} (${s.coords})` : s.name);

  it('answers StopOption[] with the coords note in the label, as timetable.searchStops', async () => {
    for (const str of ['mok', 'a', 'an', 'anyksciu', 'siau', 'Kurkliai', 'zzzz']) {
      const res = await rest(t.app, 'GET', `/api/busstop/search?str=${encodeURIComponent(str)}`);
      expect(res.status).toBe(200);
      const body = res.json<{ value: number; label: string }[]>();
      expectShape(body, arrayOf(StopOption));
      const stops = await trpcData<Stop[]>('timetable.searchStops', { query: str });
      expect(body, str).toEqual(stops.map((s) => ({ value: s.id, label: label(s) })));
      expect(body.length).toBeLessThanOrEqual(10);
    }
    const mok = (await rest(t.app, 'GET', '/api/busstop/search?str=mok')).json<{ label: string }[]>();
    expect(mok.map((o) => o.label)).toContain('Mokinių st. v. (Prie Andrioniškių)');
  });

  it('answers the empty search with the default stops by id, so stop 1 comes first', async () => {
    const res = await rest(t.app, 'GET', '/api/busstop/search?str=');
    expect(res.status).toBe(200);
    const body = res.json<{ value: number; label: string }[]>();
    expectShape(body, arrayOf(StopOption));
    expect(body.map((o) => o.value)).toEqual([1, 12, 27, 37, 85, 156]);
    expect(body[0]).toEqual({ value: 1, label: 'Anykščių AS' });
    // The same stops as the tRPC procedure (which orders them by name for the new app).
    const stops = await trpcData<Stop[]>('timetable.searchStops', { query: '' });
    expect([...stops].sort((a, b) => a.id - b.id).map((s) => ({ value: s.id, label: label(s) }))).toEqual(
      body,
    );
  });

  it('requires str, once, of at most 100 characters', async () => {
    expectError(await rest(t.app, 'GET', '/api/busstop/search'), 400, 'str: str is required');
    expectError(
      await rest(t.app, 'GET', '/api/busstop/search?str=a&str=b'),
      400,
      'str: str must be given once',
    );
    expectError(
      await rest(t.app, 'GET', `/api/busstop/search?str=${'x'.repeat(101)}`),
      400,
      'str: str must be at most 100 characters',
    );
  });
});

describe('GET /api/line/line-preview-withid-public', () => {
  it('answers PublicLinePreview[] (stop ids as strings) with the content of timetable.lines', async () => {
    const res = await rest(t.app, 'GET', '/api/line/line-preview-withid-public');
    expect(res.status).toBe(200);
    const body = res.json<{ id: number; mainStops: unknown[]; extraStops: unknown[] | null }[]>();
    expectShape(body, arrayOf(PublicLinePreview));
    const lines = await trpcData<LinePreview[]>('timetable.lines', { from: null });
    const stop = (s: { id: number; name: string }) => ({ name: s.name, id: String(s.id) });
    expect(body).toEqual(
      lines.map((l) => ({
        id: l.id,
        name: l.name,
        goesTo: l.goesTo,
        mainStops: l.mainStops.map(stop),
        extraStops: l.extraStops === null ? null : l.extraStops.map(stop),
      })),
    );
    expect(body.map((l) => l.id)).toEqual(ALL_LINE_IDS);
  });

  it('derives mainStops, extraStops and goesTo as the contract says (section 2.5)', async () => {
    const body = (await rest(t.app, 'GET', '/api/line/line-preview-withid-public')).json<
      {
        id: number;
        name: string;
        goesTo: string | null;
        mainStops: { id: string; name: string }[];
        extraStops: { id: string; name: string }[] | null;
      }[]
    >();
    const byName = new Map(body.map((l) => [l.name, l]));
    // Line 7 'M17 B': 5 routes, 12 main stops and these extra stops.
    const m17b = byName.get('M17 B');
    expect(m17b?.mainStops).toHaveLength(12);
    expect(m17b?.extraStops?.map((s) => s.id)).toEqual([
      '63',
      '64',
      '65',
      '45',
      '44',
      '66',
      '67',
      '36',
      '69',
      '68',
    ]);
    expect(m17b?.goesTo).toBe('Staškūniškis');
    // 'M17': the second route is a subset of the first, so extraStops is [] (not null).
    expect(byName.get('M17')?.extraStops).toEqual([]);
    // One route: extraStops null. M38's first route visits stop 1 three times (duplicates kept).
    expect(byName.get('M35')?.extraStops).toBeNull();
    expect(byName.get('M38')?.mainStops.filter((s) => s.id === '1')).toHaveLength(3);
  });
});

describe('GET /api/scheduleItem/schedule-by-lineid-browse', () => {
  it('answers {line, schedules, yearlyRules} with the content of timetable.lineTimetable, for every line', async () => {
    for (const lineId of ALL_LINE_IDS) {
      const res = await rest(t.app, 'GET', `/api/scheduleItem/schedule-by-lineid-browse?lineId=${lineId}`);
      expect(res.status).toBe(200);
      const body = res.json<Record<string, unknown>>();
      const trpc = await trpcData<DomainLineTimetable>('timetable.lineTimetable', { id: lineId });
      if (trpc.nothingFound) {
        expectShape(body, NothingFound);
        continue;
      }
      expectShape(body, LineTimetable);
      expect(body, `line ${lineId}`).toEqual({
        line: legacyLineInfo(trpc.line),
        schedules: trpc.schedules.map((s) => ({
          id: s.id,
          runsOnWeekly: s.runsOnWeekly,
          runsOnYearlyStr: s.runsOnYearlyStr,
          runsOnPublicHolidays: s.runsOnPublicHolidays,
          trips: s.trips.map(legacyTrip),
        })),
        yearlyRules: trpc.yearlyRules.map(legacyRule),
      });
    }
  });

  it('gives the yearly rules with their own periods only (rule 17 borrows from rule 2)', async () => {
    const all = await Promise.all(
      ALL_LINE_IDS.map(async (id) =>
        (await rest(t.app, 'GET', `/api/scheduleItem/schedule-by-lineid-browse?lineId=${id}`)).json<{
          yearlyRules?: { id: number; timePeriods: unknown[]; otherRuleId: number | null }[];
        }>(),
      ),
    );
    const rule17 = all.flatMap((b) => b.yearlyRules ?? []).find((r) => r.id === 17);
    expect(rule17).toMatchObject({ timePeriods: [], otherRuleId: 2 });
  });

  it('answers {nothingFound: true} alone for a line without schedules or an unknown line', async () => {
    for (const lineId of [99999]) {
      const res = await rest(t.app, 'GET', `/api/scheduleItem/schedule-by-lineid-browse?lineId=${lineId}`);
      expect(res.status).toBe(200);
      expect(res.json()).toEqual({ nothingFound: true });
    }
  });

  it('answers a missing or non-numeric lineId with 400 and a message', async () => {
    expectError(await rest(t.app, 'GET', '/api/scheduleItem/schedule-by-lineid-browse'), 400, /lineId/);
    expectError(
      await rest(t.app, 'GET', '/api/scheduleItem/schedule-by-lineid-browse?lineId=x'),
      400,
      /lineId/,
    );
  });
});

describe('GET /api/scheduleItem/schedule-by-tripid', () => {
  it('answers {schedule, tripId, lineInfo} with the content of timetable.tripSchedule, for every trip', async () => {
    const tripIds: number[] = [];
    for (const lineId of ALL_LINE_IDS) {
      const tt = await trpcData<DomainLineTimetable>('timetable.lineTimetable', { id: lineId });
      if (!tt.nothingFound) tripIds.push(...tt.schedules.flatMap((s) => s.trips.map((trip) => trip.id)));
    }
    expect(tripIds.length).toBeGreaterThan(100);
    for (const tripId of tripIds) {
      const res = await rest(t.app, 'GET', `/api/scheduleItem/schedule-by-tripid?tripID=${tripId}`);
      expect(res.status).toBe(200);
      const body = res.json<{ tripId: number }>();
      expectShape(body, TripScheduleShape);
      const trpc = await trpcData<TripSchedule>('timetable.tripSchedule', { id: tripId });
      // The REST answer is the tRPC answer in the old shape (strict schema above), field for field.
      expect(body, `trip ${tripId}`).toEqual(legacyTripSchedule(trpc));
      expect(body.tripId).toBe(tripId);
    }
  });

  it('answers an unknown trip with 404 and a message (the old server gave 500)', async () => {
    expectError(await rest(t.app, 'GET', '/api/scheduleItem/schedule-by-tripid?tripID=99999'), 404, /99999/);
  });

  it('answers an id too large to name anything with 400, not 404', async () => {
    expectError(
      await rest(t.app, 'GET', '/api/scheduleItem/schedule-by-tripid?tripID=99999999999999999999'),
      400,
      'tripID: tripID must be a whole number',
    );
  });

  it('reads the trip id only from tripID (capital ID)', async () => {
    expectError(await rest(t.app, 'GET', '/api/scheduleItem/schedule-by-tripid?tripId=80'), 400, /tripID/);
    expectError(await rest(t.app, 'GET', '/api/scheduleItem/schedule-by-tripid?tripID=abc'), 400, /tripID/);
  });
});

describe('GET /api/busstop/get2', () => {
  const bare = (s: Stop | null) => (s ? { value: s.id, label: s.name } : { value: null, label: null });
  const cases: { query: string; fromId: number | null; toId: number | null; expected: unknown }[] = [
    {
      query: 'fromId=&toId=',
      fromId: null,
      toId: null,
      expected: { from: { value: 1, label: 'Anykščių AS' }, to: { value: null, label: null } },
    },
    {
      query: '',
      fromId: null,
      toId: null,
      expected: { from: { value: 1, label: 'Anykščių AS' }, to: { value: null, label: null } },
    },
    {
      query: 'fromId=1&toId=12',
      fromId: 1,
      toId: 12,
      expected: { from: { value: 1, label: 'Anykščių AS' }, to: { value: 12, label: 'Andrioniškis' } },
    },
    // The bare name: no coords suffix here (unlike the search).
    {
      query: 'fromId=1&toId=11',
      fromId: 1,
      toId: 11,
      expected: { from: { value: 1, label: 'Anykščių AS' }, to: { value: 11, label: 'Mokinių st. v.' } },
    },
    {
      query: 'fromId=1&toId=99999',
      fromId: 1,
      toId: 99999,
      expected: { from: { value: 1, label: 'Anykščių AS' }, to: { value: null, label: null } },
    },
    // A destination only exists when departing from stop 1.
    {
      query: 'fromId=5&toId=12',
      fromId: 5,
      toId: 12,
      expected: { from: { value: 5, label: 'Pagiriai' }, to: { value: null, label: null } },
    },
    // An unknown departure falls back to stop 1.
    {
      query: 'fromId=99999&toId=',
      fromId: 99999,
      toId: null,
      expected: { from: { value: 1, label: 'Anykščių AS' }, to: { value: null, label: null } },
    },
  ];

  for (const c of cases) {
    it(`answers {from, to} with bare names, as timetable.stopPair: ?${c.query}`, async () => {
      const res = await rest(t.app, 'GET', `/api/busstop/get2?${c.query}`);
      expect(res.status).toBe(200);
      const body = res.json();
      expectShape(body, StopPair);
      expect(body).toEqual(c.expected);
      const pair = await trpcData<DomainStopPair>('timetable.stopPair', { fromId: c.fromId, toId: c.toId });
      expect(body).toEqual({ from: bare(pair.from), to: bare(pair.to) });
    });
  }

  it('answers a non-numeric id with 400 and a message', async () => {
    expectError(await rest(t.app, 'GET', '/api/busstop/get2?fromId=abc'), 400, /fromId/);
  });
});

describe('a failure on the server', () => {
  it('answers 500 with a generic message and no internals', async () => {
    const broken = await realDataApp({ clock: fixedClock(NOW) });
    try {
      // The database fails under a server that started (one whose snapshot cannot be read does not start).
      await broken.app.ready();
      broken.db.sqlite.close();
      const res = await rest(broken.app, 'GET', '/api/line/line-preview-withid-public');
      expectError(res, 500, 'Something went wrong on the server');
      expect(res.body).not.toMatch(/sqlite|database|stack|at /i);
    } finally {
      await broken.app.close();
    }
  });
});
