import { MESSAGES } from '@bus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTestApp, adminApp, trpc, versionNow } from './admin-helpers.ts';
import {
  arrayOf,
  expectError,
  expectShape,
  LineFull as LineFullShape,
  Rule as RuleShape,
  rest,
  ScheduleDto as ScheduleDtoShape,
} from './rest-helpers.ts';

/**
 * The round trips the old admin client performs (rest-contract sections 1.17-1.26 and
 * Appendix C): what it reads, it posts back (unchanged, or as its form state holds it:
 * numeric strings, '' for none, 'true'/'false', 'HH:MM'), and reading again gives the same
 * data. New items get real ids; blocked deletions answer 409 and invalid input 400 with the
 * spec's message, and both change nothing.
 */

interface Stop {
  id: number | null;
  name: string | null;
  coords: string | null;
  defaultOption: boolean;
}
interface LineFull {
  info: Record<string, unknown> & { id: number | null; customNotes: { id: number | null }[] };
  routes: {
    id: number;
    stopsArr: Stop[];
    distanceMetersList: (number | null)[];
    routeNotes: string | null;
  }[];
  routeTypeOptions: string[];
  routeUsage: number[][];
}
interface TripDto {
  id: number | null;
  routeDirReversed: boolean;
  boundFor: string;
  timeList: (string | null)[];
  routeId: number | null;
}
interface ScheduleDto {
  id: number | null;
  trips: TripDto[];
  timeConstraintsDescription: string | null;
  runsOnWeekly: string[];
  runsOnYearlyId: number | null;
  runsOnPublicHolidays: boolean;
  lineId: number | null;
}
interface Rule {
  id: number | null;
  periodName: string;
  typeOfYearlyRule: string | null;
  timePeriods: Record<string, unknown>[];
  otherRuleId: number | null;
  pattern1Params: { id: number | null; dayOfWeek: string | null; nthOccurenceEachMonth: number }[];
}

let t: AdminTestApp;
beforeAll(async () => {
  t = await adminApp();
});
afterAll(() => t.app.close());

const get = (url: string) => rest(t.app, 'GET', url, { token: t.adminToken });
const post = (url: string, body: unknown) => rest(t.app, 'POST', url, { token: t.adminToken, body });

async function ok<T>(promise: ReturnType<typeof get>): Promise<T> {
  const res = await promise;
  expect(res.status, res.body).toBe(200);
  return res.json<T>();
}

const clone = <T>(value: T): T => structuredClone(value);

/** The line as the save stores it: its own text without surrounding blanks (stops are only referenced). */
function trimLineText(line: LineFull): LineFull {
  const trim = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
  return {
    ...line,
    info: Object.fromEntries(Object.entries(line.info).map(([k, v]) => [k, trim(v)])) as LineFull['info'],
    routes: line.routes.map((r) => ({ ...r, routeNotes: r.routeNotes?.trim() ?? null })),
  };
}

const lineFull = (id: number) => ok<LineFull>(get(`/api/line/get-line-full?id=${id}`));
const schedulesOf = async (lineId: number) =>
  (await ok<{ data: ScheduleDto[] }>(get(`/api/scheduleItem/schedule-by-line?lineId=${lineId}`))).data;
const rulesNow = () => ok<{ rules: Rule[]; schedules: unknown[] }>(get('/api/yearly-rules/get-all'));

describe('lines: get-line-full -> post-line-full-dto -> get-line-full', () => {
  const saveLine = (body: unknown) => post('/api/line/post-line-full-dto', body);

  it('posting every line back unchanged answers its id as a bare number and changes nothing', async () => {
    for (let id = 1; id <= 21; id++) {
      const before = await lineFull(id);
      const res = await saveLine(before);
      expect(res.status, `line ${id}: ${res.body}`).toBe(200);
      expect(res.body).toBe(String(id));
      expect(res.json()).toBe(id);
      // Saving stores the line's text without surrounding blanks (one imported route note ends in a space).
      const after = await lineFull(id);
      expect(after).toEqual(trimLineText(before));
      expect((await saveLine(after)).json()).toBe(id);
      expect(await lineFull(id)).toEqual(after);
    }
  });

  it('accepts the editor state: distances as numeric strings or "", flags as strings, extra keys', async () => {
    for (const id of [7, 13, 20]) {
      const before = await lineFull(id);
      const posted = clone(before) as unknown as Record<string, unknown> & LineFull;
      posted.info = {
        ...posted.info,
        enabledSeasonalYearlyRuleFilter: String(before.info.enabledSeasonalYearlyRuleFilter),
      };
      posted.routes = before.routes.map((r) => ({
        ...r,
        distanceMetersList: r.distanceMetersList.map((d) => (d === null ? '' : String(d))) as never,
      }));
      const res = await saveLine(posted);
      expect(res.status, res.body).toBe(200);
      expect(res.json()).toBe(id);
      expect(await lineFull(id)).toEqual(before);
    }
  });

  it('stores edited distances and gives new notes and routes real ids', async () => {
    const before = await lineFull(7);
    const posted = clone(before);
    const firstRoute = posted.routes[0] as LineFull['routes'][number];
    posted.info.customNotes = [
      { id: null, noteKey: 'Pastaba', noteValue: 'Sekmadieniais nevažiuoja' },
    ] as never;
    const gaps = firstRoute.stopsArr.length - 1;
    const distances = Array.from({ length: gaps }, (_, i) => (i === 0 ? '1200' : ''));
    posted.routes = [
      { ...firstRoute, distanceMetersList: distances as never },
      ...posted.routes.slice(1),
      // A copied route, as the editor makes it: a negative temporary id.
      { ...clone(firstRoute), id: -1, routeNotes: 'Kopija', distanceMetersList: distances as never },
    ];
    const res = await saveLine(posted);
    expect(res.status, res.body).toBe(200);
    expect(res.json()).toBe(7);
    const after = await lineFull(7);
    expectShape(after, LineFullShape);
    const note = after.info.customNotes[0] as { id: number; noteKey: string };
    expect(note.id).toBeGreaterThan(0);
    expect(after.info.customNotes).toEqual([
      { id: note.id, noteKey: 'Pastaba', noteValue: 'Sekmadieniais nevažiuoja' },
    ]);
    expect(after.routes).toHaveLength(before.routes.length + 1);
    const copy = after.routes.at(-1) as LineFull['routes'][number];
    expect(copy.id).toBeGreaterThan(0);
    expect(before.routes.map((r) => r.id)).not.toContain(copy.id);
    expect(copy.routeNotes).toBe('Kopija');
    expect(copy.stopsArr).toEqual(firstRoute.stopsArr);
    const expectedDistances = [1200, ...Array(gaps - 1).fill(null)];
    expect(copy.distanceMetersList).toEqual(expectedDistances);
    expect(after.routes[0]?.distanceMetersList).toEqual(expectedDistances);
    expect(after.routeUsage).toEqual([...before.routeUsage, []]);
    // And that state round-trips too.
    expect((await saveLine(after)).json()).toBe(7);
    expect(await lineFull(7)).toEqual(after);
  });

  it('creates a line from get-empty: the answer is the new id, and it reads back with real ids', async () => {
    const template = await ok<LineFull>(get('/api/line/get-empty'));
    const stops = await ok<Stop[]>(get('/api/busstop/get/all'));
    const posted = {
      ...template,
      info: {
        ...template.info,
        name: 'M99',
        routeStart: 'Anykščiai',
        routeEnd: 'Andrioniškis',
        routeType: 'Regional Bus',
        operator: '',
      },
      routes: [
        {
          id: -1,
          stopsArr: stops.filter((s) => s.id === 1 || s.id === 12),
          distanceMetersList: ['15000'],
          routeNotes: 'Pagrindinis',
        },
      ],
    };
    const res = await saveLine(posted);
    expect(res.status, res.body).toBe(200);
    const id = res.json<number>();
    expect(Number.isInteger(id) && id > 21).toBe(true);
    const created = await lineFull(id);
    expect(created.info).toMatchObject({
      id,
      name: 'M99',
      routeType: 'Regional Bus',
      operator: null,
      customNotes: [],
    });
    expect(created.routes).toHaveLength(1);
    expect(created.routes[0]?.id).toBeGreaterThan(0);
    expect(created.routes[0]?.stopsArr.map((s) => s.id)).toEqual([1, 12]);
    expect(created.routes[0]?.distanceMetersList).toEqual([15000]);
    expect(created.routeUsage).toEqual([[]]);
  });

  it('refuses to drop a route that schedules use: 409 with a message, nothing changes', async () => {
    const before = await lineFull(21);
    const posted = clone(before);
    posted.routes = posted.routes.slice(1);
    posted.info.name = 'Changed';
    const res = await saveLine(posted);
    expectError(res, 409, /route/i);
    expect(res.json<{ message: string }>().message).toMatch(/72, 73/);
    expect(await lineFull(21)).toEqual(before);
  });

  it('refuses invalid lines with 400 and the spec message, nothing changes', async () => {
    const before = await lineFull(20);
    const invalid: [string, (l: LineFull) => void][] = [
      [
        'no name',
        (l) => {
          l.info.name = '';
        },
      ],
      [
        'no routeType',
        (l) => {
          l.info.routeType = null;
        },
      ],
      [
        'an unknown routeType',
        (l) => {
          l.info.routeType = 'Bus';
        },
      ],
      [
        'a note without a value',
        (l) => {
          l.info.customNotes = [{ id: null, noteKey: 'k', noteValue: '' }] as never;
        },
      ],
      [
        'a route without routeNotes',
        (l) => {
          (l.routes[0] as { routeNotes: unknown }).routeNotes = '';
        },
      ],
      [
        'a stop that was not chosen',
        (l) => {
          l.routes[0]?.stopsArr.push({ id: null, name: 'X', coords: null, defaultOption: false });
        },
      ],
      [
        'an unknown stop',
        (l) => {
          l.routes[0]?.stopsArr.push({ id: 99999, name: 'X', coords: null, defaultOption: false });
          l.routes[0]?.distanceMetersList.push(null);
        },
      ],
      [
        'a distance that is not a number',
        (l) => {
          (l.routes[0] as { distanceMetersList: unknown[] }).distanceMetersList[0] = 'far';
        },
      ],
      [
        'one distance too many',
        (l) => {
          l.routes[0]?.distanceMetersList.push(null);
        },
      ],
    ];
    for (const [label, change] of invalid) {
      const posted = clone(before);
      change(posted);
      const res = await saveLine(posted);
      expect(res.status, `${label}: ${res.body}`).toBe(400);
      expectError(res, 400, MESSAGES.inputFailed);
    }
    expect(await lineFull(20)).toEqual(before);
    expectError(await saveLine({ ...clone(before), info: { ...before.info, id: 9999 } }), 404);
  });
});

describe('schedules: schedule-by-line -> post-schedule-dto -> schedule-by-line', () => {
  const saveSchedules = (body: unknown) => post('/api/scheduleItem/post-schedule-dto', body);

  it("posting every line's schedules back unchanged answers the same list and changes nothing", async () => {
    for (let lineId = 1; lineId <= 21; lineId++) {
      const before = await schedulesOf(lineId);
      const res = await saveSchedules(before);
      expect(res.status, `line ${lineId}: ${res.body}`).toBe(200);
      const body = res.json<ScheduleDto[]>();
      expectShape(body, arrayOf(ScheduleDtoShape));
      expect(body, `line ${lineId}`).toEqual(before);
      expect(await schedulesOf(lineId)).toEqual(before);
    }
  });

  it('accepts the editor state: lineId and runsOnYearlyId as strings, flags as strings, times as HH:MM', async () => {
    const before = await schedulesOf(7);
    const posted = before.map((s, i) => ({
      ...s,
      lineId: String(s.lineId),
      runsOnYearlyId: String(s.runsOnYearlyId),
      runsOnPublicHolidays: String(s.runsOnPublicHolidays),
      // Edited cells come as 'HH:MM', untouched ones stay 'HH:MM:SS'.
      trips: s.trips.map((trip) => ({
        ...trip,
        timeList: trip.timeList.map((time, j) =>
          time !== null && (i + j) % 2 === 0 ? time.slice(0, 5) : time,
        ),
      })),
    }));
    const res = await saveSchedules(posted);
    expect(res.status, res.body).toBe(200);
    expect(res.json()).toEqual(before);
    expect(await schedulesOf(7)).toEqual(before);
  });

  it('gives a new schedule and its trips real ids, answering the list in request order', async () => {
    const before = await schedulesOf(7);
    const route = (await ok<{ id: number; stopsArr: unknown[] }[]>(get('/api/route/byline/7')))[0] as {
      id: number;
      stopsArr: unknown[];
    };
    const times = route.stopsArr.map((_, i) => `18:${String(10 + i).padStart(2, '0')}`);
    const fresh = {
      id: null,
      lineId: '7',
      trips: [{ id: null, routeDirReversed: false, boundFor: 'One way', timeList: times, routeId: route.id }],
      timeConstraintsDescription: 'Naujas',
      runsOnWeekly: ['MONDAY', 'FRIDAY'],
      runsOnYearlyId: '1',
      runsOnPublicHolidays: 'false',
    };
    const res = await saveSchedules([fresh, ...before]);
    expect(res.status, res.body).toBe(200);
    const body = res.json<ScheduleDto[]>();
    expectShape(body, arrayOf(ScheduleDtoShape));
    expect(body.slice(1)).toEqual(before);
    const created = body[0] as ScheduleDto;
    expect(created.id).toBeGreaterThan(0);
    expect(created.trips[0]?.id).toBeGreaterThan(0);
    expect(created).toEqual({
      id: created.id,
      trips: [
        {
          id: created.trips[0]?.id,
          routeDirReversed: false,
          boundFor: 'One way',
          timeList: times.map((x) => `${x}:00`),
          routeId: route.id,
        },
      ],
      timeConstraintsDescription: 'Naujas',
      runsOnWeekly: ['MONDAY', 'FRIDAY'],
      runsOnYearlyId: 1,
      runsOnPublicHolidays: false,
      lineId: 7,
    });
    expect(await schedulesOf(7)).toEqual([...before, created]);
  });

  it('fits a time list to its route before checking it (longer lists are cut)', async () => {
    const before = await schedulesOf(1);
    const first = clone(before[0] as ScheduleDto);
    const trip = first.trips[0] as TripDto;
    trip.timeList = [...trip.timeList, '23:58', '23:59'];
    const res = await saveSchedules([first]);
    expect(res.status, res.body).toBe(200);
    expect(res.json()).toEqual([before[0]]);
  });

  it('refuses invalid schedules with 400 and the spec message, nothing changes', async () => {
    const before7 = await schedulesOf(7);
    const before1 = await schedulesOf(1);
    const base = before7[0] as ScheduleDto;
    const invalid: [string, (s: ScheduleDto) => void, string][] = [
      [
        'no weekday',
        (s) => {
          s.runsOnWeekly = [];
        },
        MESSAGES.inputFailed,
      ],
      [
        'no yearly rule',
        (s) => {
          s.runsOnYearlyId = null;
        },
        MESSAGES.inputFailed,
      ],
      [
        'an unknown yearly rule',
        (s) => {
          s.runsOnYearlyId = 999;
        },
        MESSAGES.inputFailed,
      ],
      [
        'an empty time',
        (s) => {
          (s.trips[0] as TripDto).timeList[3] = '';
        },
        MESSAGES.inputFailed,
      ],
      [
        'a time that is not one',
        (s) => {
          (s.trips[0] as TripDto).timeList[3] = '25:00';
        },
        MESSAGES.inputFailed,
      ],
      [
        'a route of another line',
        (s) => {
          (s.trips[0] as TripDto).routeId = 1;
        },
        MESSAGES.inputFailed,
      ],
      [
        'an unknown weekday',
        (s) => {
          s.runsOnWeekly = ['MONDAY', 'FUNDAY'];
        },
        MESSAGES.inputFailed,
      ],
      [
        'no trips',
        (s) => {
          s.trips = [];
        },
        MESSAGES.tripCount,
      ],
      [
        'three trips',
        (s) => {
          s.trips.push({ ...(s.trips[0] as TripDto), id: null });
        },
        MESSAGES.tripCount,
      ],
      [
        'a single trip that is not one way',
        (s) => {
          s.trips = s.trips.slice(0, 1);
        },
        MESSAGES.singleTripOneWay,
      ],
      [
        'two trips both out bound',
        (s) => {
          (s.trips[1] as TripDto).boundFor = 'Out bound';
        },
        MESSAGES.twoTripsDirections,
      ],
    ];
    for (const [label, change, message] of invalid) {
      const posted = clone(before7);
      change(posted[0] as ScheduleDto);
      const res = await saveSchedules(posted);
      expect(res.status, `${label}: ${res.body}`).toBe(400);
      expectError(res, 400, message);
    }
    // Schedules of two lines in one request.
    expectError(await saveSchedules([base, before1[0]]), 400, /one line/);
    // A schedule id that is not on this line.
    expectError(await saveSchedules([{ ...clone(base), id: (before1[0] as ScheduleDto).id }]), 404);
    expectError(await saveSchedules({ not: 'a list' }), 400, MESSAGES.inputFailed);
    expectError(await saveSchedules([null]), 400, MESSAGES.inputFailed);
    expect(await schedulesOf(7)).toEqual(before7);
    expect(await schedulesOf(1)).toEqual(before1);
  });
});

describe('yearly rules: get-all -> post-combo-list -> get-all', () => {
  const saveRules = (body: unknown) => post('/api/yearly-rules/post-combo-list', body);

  it('posting the rules back unchanged answers the same rules and changes nothing', async () => {
    const before = await rulesNow();
    const res = await saveRules(before.rules);
    expect(res.status, res.body).toBe(200);
    const body = res.json<Rule[]>();
    expectShape(body, arrayOf(RuleShape));
    expect(body).toEqual(before.rules);
    expect(await rulesNow()).toEqual(before);
  });

  it('accepts the editor state: otherRuleId as "" or a numeric string, nth as a string; echoes typeOfYearlyRule', async () => {
    const before = await rulesNow();
    const posted = before.rules.map((r) => ({
      ...r,
      otherRuleId: r.otherRuleId === null ? '' : String(r.otherRuleId),
      pattern1Params: r.pattern1Params.map((p) => ({
        ...p,
        nthOccurenceEachMonth: String(p.nthOccurenceEachMonth),
      })),
      timePeriods: r.timePeriods.map((p) => ({ ...p, startDay: String(p.startDay) })),
    }));
    const res = await saveRules(posted);
    expect(res.status, res.body).toBe(200);
    expect(res.json()).toEqual(before.rules);
    expect(await rulesNow()).toEqual(before);

    const typed = clone(before.rules);
    (typed[5] as Rule).typeOfYearlyRule = 'Formula pattern';
    const echoed = await ok<Rule[]>(saveRules(typed));
    expect(echoed[5]?.typeOfYearlyRule).toBe('Formula pattern');
    expect((await rulesNow()).rules).toEqual(typed);
    expect((await ok<Rule[]>(saveRules(before.rules)))[5]?.typeOfYearlyRule).toBeNull();
  });

  it('gives a new rule, its periods and patterns real ids; omitting an unused rule deletes it', async () => {
    const before = await rulesNow();
    const fresh = {
      id: null,
      periodName: 'Rudens atostogos',
      typeOfYearlyRule: null,
      timePeriods: [{ id: null, startMonth: 10, startDay: '27', endMonth: 11, endDay: 2 }],
      otherRuleId: '',
      pattern1Params: [{ id: null, dayOfWeek: 'MONDAY', nthOccurenceEachMonth: '1' }],
    };
    const body = await ok<Rule[]>(saveRules([...before.rules, fresh]));
    expectShape(body, arrayOf(RuleShape));
    expect(body.slice(0, -1)).toEqual(before.rules);
    const created = body.at(-1) as Rule & { id: number };
    expect(created.id).toBeGreaterThan(18);
    expect(created.timePeriods).toEqual([
      { id: expect.any(Number), startMonth: 10, startDay: 27, endMonth: 11, endDay: 2 },
    ]);
    expect(created.pattern1Params).toEqual([
      { id: expect.any(Number), dayOfWeek: 'MONDAY', nthOccurenceEachMonth: 1 },
    ]);
    const after = await rulesNow();
    expect(after.rules.at(-1)).toEqual(created);
    expect(after.schedules.at(-1)).toEqual({ ruleId: created.id, schedules: [] });

    // The posted list is the complete set: leaving the unused rule out deletes it.
    expect(await ok(saveRules(before.rules))).toEqual(before.rules);
    expect(await rulesNow()).toEqual(before);
  });

  it('refuses to delete a rule schedules use: 409 with a message, nothing changes', async () => {
    const before = await rulesNow();
    for (const usedId of [3, 2]) {
      const res = await saveRules(before.rules.filter((r) => r.id !== usedId));
      expectError(res, 409, /used by schedules|borrows/);
      expect(res.json<{ message: string }>().message).toContain(`rule ${usedId}`);
    }
    expect(await rulesNow()).toEqual(before);
  });

  it('refuses invalid rules with 400 and the spec message, nothing changes', async () => {
    const before = await rulesNow();
    const invalid: [string, (rules: Rule[]) => void][] = [
      [
        'no periodName',
        (r) => {
          (r[0] as Rule).periodName = '';
        },
      ],
      [
        'month 13',
        (r) => {
          (r[0] as Rule).timePeriods[0] = {
            id: null,
            startMonth: 13,
            startDay: 1,
            endMonth: 12,
            endDay: 31,
          };
        },
      ],
      [
        'April 31',
        (r) => {
          (r[0] as Rule).timePeriods[0] = {
            id: null,
            startMonth: 4,
            startDay: 31,
            endMonth: 12,
            endDay: 31,
          };
        },
      ],
      [
        'nth 6',
        (r) => {
          (r[5] as Rule).pattern1Params[0] = {
            id: null,
            dayOfWeek: 'TUESDAY',
            nthOccurenceEachMonth: 6,
          };
        },
      ],
      [
        'a pattern without a weekday',
        (r) => {
          (r[5] as Rule).pattern1Params[0] = { id: null, dayOfWeek: null, nthOccurenceEachMonth: 1 };
        },
      ],
      [
        'borrowing while having own periods',
        (r) => {
          (r[0] as Rule).otherRuleId = 2;
        },
      ],
      [
        'borrowing from itself',
        (r) => {
          (r[7] as Rule).otherRuleId = 16;
        },
      ],
      [
        'borrowing from a rule that borrows',
        (r) => {
          (r[8] as Rule).otherRuleId = 16;
        },
      ],
      [
        'an unknown typeOfYearlyRule',
        (r) => {
          (r[0] as Rule).typeOfYearlyRule = 'Yearly';
        },
      ],
    ];
    for (const [label, change] of invalid) {
      const posted = clone(before.rules);
      change(posted);
      const res = await saveRules(posted);
      expect(res.status, `${label}: ${res.body}`).toBe(400);
      expectError(res, 400, MESSAGES.inputFailed);
    }
    expectError(await saveRules([...clone(before.rules), { ...clone(before.rules[0]), id: 999 }]), 404);
    expect(await rulesNow()).toEqual(before);
  });
});

describe('bus stops: a used stop cannot be deleted', () => {
  it('answers 409 with a message naming the lines, and the stop stays', async () => {
    const before = await ok(get('/api/busstop/get-all-with-usage'));
    const res = await rest(t.app, 'DELETE', '/api/busstop/delete/11', { token: t.adminToken });
    expectError(res, 409, /M5, Viešintos, M36/);
    expect(await ok(get('/api/busstop/get-all-with-usage'))).toEqual(before);
  });
});

describe('validation and refusals are the same as the tRPC procedures give', () => {
  it('answers the same status and message over both transports, for the same input', async () => {
    const line = await lineFull(20);
    const schedules = await schedulesOf(7);
    const rules = (await rulesNow()).rules;
    // tRPC sends the versions its editors loaded; the old REST paths have none.
    const lineVersion = await versionNow(t, { kind: 'line', lineId: 20 });
    const schedulesVersion = await versionNow(t, { kind: 'schedules', lineId: 7 });
    const rulesVersion = await versionNow(t, { kind: 'rules' });
    const cases: { rest: [string, unknown]; procedure: [string, unknown] }[] = [];
    const noName = { ...clone(line), info: { ...line.info, name: '' } };
    cases.push({
      rest: ['/api/line/post-line-full-dto', noName],
      procedure: ['admin.lines.saveFull', { ...noName, baseVersion: lineVersion }],
    });
    const dropped = { ...clone(line), routes: line.routes.slice(1) };
    cases.push({
      rest: ['/api/line/post-line-full-dto', dropped],
      procedure: ['admin.lines.saveFull', { ...dropped, baseVersion: lineVersion }],
    });
    const oneTrip = [
      { ...clone(schedules[0] as ScheduleDto), trips: (schedules[0] as ScheduleDto).trips.slice(0, 1) },
    ];
    cases.push({
      rest: ['/api/scheduleItem/post-schedule-dto', oneTrip],
      procedure: [
        'admin.schedules.saveList',
        { lineId: 7, schedules: oneTrip, baseVersion: schedulesVersion },
      ],
    });
    const withoutUsed = rules.filter((r) => r.id !== 3);
    cases.push({
      rest: ['/api/yearly-rules/post-combo-list', withoutUsed],
      procedure: ['admin.rules.saveAll', { rules: withoutUsed, baseVersion: rulesVersion }],
    });
    const badPeriod = clone(rules);
    (badPeriod[0] as Rule).timePeriods = [{ id: null, startMonth: 2, startDay: 30, endMonth: 3, endDay: 1 }];
    cases.push({
      rest: ['/api/yearly-rules/post-combo-list', badPeriod],
      procedure: ['admin.rules.saveAll', { rules: badPeriod, baseVersion: rulesVersion }],
    });
    for (const c of cases) {
      const viaRest = await post(c.rest[0], c.rest[1]);
      const viaTrpc = await trpc(t.app, 'mutation', c.procedure[0], c.procedure[1], t.adminToken);
      expect(viaRest.status, c.rest[0]).toBeGreaterThanOrEqual(400);
      expect(viaRest.status, c.rest[0]).toBe(viaTrpc.status);
      expect(viaRest.json<{ message: string }>().message).toBe(viaTrpc.message);
    }
  });
});
