import {
  addDays,
  dateWindow,
  englishMessage,
  inDateRange,
  publicDates,
  STORED_DATES,
  serverMessage,
  vilniusInstant,
  vilniusNow,
} from '@bus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PLAN_WINDOW } from '../src/public-read/journeys.ts';
import { OPERATIONS } from '../src/rest/openapi.ts';
import { REQUEST_BODIES } from '../src/rest/request-bodies.ts';
import { type AdminTestApp, adminApp, adminClient } from './admin-helpers.ts';
import { makeFeedReady } from './gtfs-helpers.ts';
import { decodeFeed } from './gtfs-rt-rules.ts';
import { fixedClock } from './helpers.ts';
import { PROCEDURE_INPUTS } from './procedures.ts';

/**
 * Issue 37, "no request can stall or crash the server": dates are bounded everywhere a person
 * can type one. Every tRPC procedure and old REST path that takes a date (found from their
 * input schemas, so a new one cannot be left out) is given year 1, year 9999 and 29 February
 * 2100 (no such day): each is refused with 400 and a clear message, nothing is stored, and
 * /gtfs-rt/alerts.pb still answers 200 for everyone. Just inside the bounds is taken. A date
 * stored beyond them before they existed (written here by hand) is read inside them: the feeds
 * and pages answer 200. The bounds: STORED_DATES and PUBLIC_YEARS (core's
 * date-bounds.ts), PLAN_WINDOW (the planner's own).
 */

// 2026-11-29 12:00 in Vilnius, a Sunday: every date below is worked out from it.
const clock = fixedClock('2026-11-29T10:00:00Z');
const TODAY = vilniusNow(clock).date;
const PUBLIC = publicDates(TODAY);
const PLAN = dateWindow(TODAY, PLAN_WINDOW);
const BAD = ['0001-01-01', '9999-12-31', '2100-02-29'] as const;
type Bad = (typeof BAD)[number];

const NOT_A_DATE = englishMessage(serverMessage('invalidDate'));
const STAFF_RANGE = englishMessage(serverMessage('dateOutsideRange', STORED_DATES));
const PUBLIC_RANGE = englishMessage(serverMessage('dateOutsideWindow', PUBLIC));
const PLAN_RANGE = englishMessage(serverMessage('planDateOutsideWindow', PLAN));

/** Line 7 (its schedules and a trip), a stop on it and a pair the planner connects. */
const LINE = 7;
const STOP = 27;
const PLAN_FROM = 27;
const PLAN_TO = 115;

let t: AdminTestApp;
let admin: ReturnType<typeof adminClient>;
let tripId: number;

beforeAll(async () => {
  // Its questions follow each other as fast as one process can ask (app.inject): no flood, though
  // the plan admission's pressure rule would take them for one and refuse a plan now and then.
  t = await adminApp({ clock, planPressure: null });
  admin = adminClient(t.app, t.adminToken);
  // The realtime feeds answer once the static feed can be published.
  await makeFeedReady(t, admin);
  tripId = (
    t.db.sqlite
      .prepare(
        'SELECT t.id FROM trip t JOIN schedule s ON s.id = t.schedule_id WHERE s.line_id = ? ORDER BY t.id',
      )
      .get(LINE) as { id: number }
  ).id;
}, 60_000);
afterAll(() => t.app.close());

interface Answer {
  status: number;
  message: string | undefined;
  /** The tRPC error's message key (none on the old REST paths). */
  key: string | undefined;
  data: unknown;
}

async function trpcCall(type: 'query' | 'mutation', path: string, input: unknown): Promise<Answer> {
  const headers = { authorization: `Bearer ${t.adminToken}` };
  const res =
    type === 'query'
      ? await t.app.inject({
          method: 'GET',
          url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
          headers,
        })
      : await t.app.inject({
          method: 'POST',
          url: `/trpc/${path}`,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify(input),
        });
  const body = res.json() as {
    result?: { data: unknown };
    error?: { message: string; data?: { messageKey?: string } };
  };
  return {
    status: res.statusCode,
    message: body.error?.message,
    key: body.error?.data?.messageKey,
    data: body.result?.data,
  };
}

async function restCall(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<Answer> {
  const res = await t.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${t.adminToken}`,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
  const body = res.json() as { message?: string };
  return {
    status: res.statusCode,
    message: res.statusCode === 200 ? undefined : body.message,
    key: undefined,
    data: body,
  };
}

type Outcome =
  /** Refused with 400: the message says it (contains `text`); tRPC names its key too. */
  | { status: 400; text: string; key?: string }
  /** Documented fallback (spec section 5): a date that is not one means today. */
  | { status: 200; today: true };

/** A staff date out of bounds: the message names the field, as every validation message does. */
const staff =
  (field: string) =>
  (date: Bad): Outcome =>
    date === '2100-02-29'
      ? { status: 400, text: `${field}: ${NOT_A_DATE}`, key: 'invalidDate' }
      : { status: 400, text: `${field}: ${STAFF_RANGE}`, key: 'dateOutsideRange' };
/** The same through an old REST path: English only, without the field (the spec's wording). */
const staffRest = (date: Bad): Outcome =>
  date === '2100-02-29' ? { status: 400, text: NOT_A_DATE } : { status: 400, text: STAFF_RANGE };
/** A public page's date: outside the window, or not a date (refused by the schema, naming the field). */
const publicDate =
  (field: string) =>
  (date: Bad): Outcome =>
    date === '2100-02-29'
      ? { status: 400, text: `${field}: ${NOT_A_DATE}`, key: 'invalidDate' }
      : { status: 400, text: PUBLIC_RANGE, key: 'dateOutsideWindow' };
/** The departures and stop poster read a date that is none as today (spec section 5). */
const publicOrToday = (date: Bad): Outcome =>
  date === '2100-02-29'
    ? { status: 200, today: true }
    : { status: 400, text: PUBLIC_RANGE, key: 'dateOutsideWindow' };

interface DateInput {
  /** The procedure or 'METHOD path', and the field of its input that holds the date. */
  where: string;
  field: string;
  /** A call with `date` in the field, and what it gives for a date out of bounds. */
  call: (date: string) => Promise<Answer>;
  expected: (date: Bad) => Outcome;
  /** The last date it takes (a later one is refused). */
  lastGood: string;
  /** The answer's date, where a date that is none falls back to today. */
  answerDate?: (data: unknown) => string | undefined;
}

const schedulesVersion = async () =>
  (await trpcCall('query', 'admin.schedules.byLine', { lineId: LINE })).data as {
    version: number;
    schedules: Record<string, unknown>[];
  };

/**
 * A change of each kind with `date` as its first date (no last: a cancel or retime lasts the
 * day, a notice or closure has no end), or as its last (the day before it as its first, when
 * `date` may be saved; else today).
 */
function changeInput(kind: 'notice' | 'cancel' | 'retime' | 'closure', field: 'from' | 'until') {
  // Read at the call: the trip is known once the app has started.
  const fields = () =>
    ({
      notice: { titleLt: 'Pranešimas', lineIds: [LINE] },
      cancel: { tripIds: [tripId] },
      retime: { tripIds: [tripId], shiftMinutes: 1 },
      closure: { stopIds: [STOP] },
    })[kind];
  return (date: string) =>
    trpcCall('mutation', 'admin.serviceChanges.save', {
      id: null,
      kind,
      ...fields(),
      ...(field === 'from'
        ? { from: date }
        : { from: inDateRange(date, STORED_DATES) ? addDays(date, -1) : TODAY, until: date }),
      baseVersion: 0,
    });
}

const DATE_INPUTS: DateInput[] = [
  // The public pages (tRPC).
  {
    where: 'timetable.departures',
    field: 'date',
    call: (date) => trpcCall('query', 'timetable.departures', { from: 1, date }),
    expected: publicOrToday,
    lastGood: PUBLIC.to,
    answerDate: (data) => (data as { query: { date: string } }).query.date,
  },
  // Issue 42: the departure board (a date that is none is refused by its schema).
  {
    where: 'timetable.board',
    field: 'date',
    call: (date) => trpcCall('query', 'timetable.board', { stops: [1, 27], date }),
    expected: publicDate('date'),
    lastGood: PUBLIC.to,
  },
  {
    where: 'timetable.stopPoster',
    field: 'date',
    call: (date) => trpcCall('query', 'timetable.stopPoster', { from: 1, date }),
    expected: publicOrToday,
    lastGood: PUBLIC.to,
    answerDate: (data) => (data as { query: { date: string } }).query.date,
  },
  {
    where: 'timetable.lineTimetable',
    field: 'date',
    call: (date) => trpcCall('query', 'timetable.lineTimetable', { id: LINE, date }),
    expected: publicDate('date'),
    lastGood: PUBLIC.to,
  },
  {
    where: 'timetable.tripSchedule',
    field: 'date',
    call: (date) => trpcCall('query', 'timetable.tripSchedule', { id: tripId, date }),
    expected: publicDate('date'),
    lastGood: PUBLIC.to,
  },
  {
    where: 'timetable.linePrint',
    field: 'date',
    call: (date) => trpcCall('query', 'timetable.linePrint', { id: LINE, date }),
    expected: publicDate('date'),
    lastGood: PUBLIC.to,
  },
  {
    where: 'timetable.compare',
    field: 'change',
    call: (change) => trpcCall('query', 'timetable.compare', { from: 1, dir: 'Out bound', change }),
    expected: publicDate('change'),
    lastGood: PUBLIC.to,
  },
  {
    where: 'timetable.plan',
    field: 'date',
    call: (date) =>
      trpcCall('query', 'timetable.plan', { from: PLAN_FROM, to: PLAN_TO, date, time: '08:00' }),
    expected: (date) =>
      date === '2100-02-29'
        ? { status: 400, text: `date: ${NOT_A_DATE}`, key: 'invalidDate' }
        : { status: 400, text: PLAN_RANGE, key: 'planDateOutsideWindow' },
    lastGood: PLAN.to,
  },
  // Issue 41: a ride's fare and a line's fare table.
  {
    where: 'timetable.fare',
    field: 'date',
    call: (date) =>
      trpcCall('query', 'timetable.fare', { lineId: LINE, fromStopId: 1, toStopId: STOP, date }),
    expected: publicDate('date'),
    lastGood: PUBLIC.to,
  },
  {
    where: 'timetable.fareTable',
    field: 'date',
    call: (date) => trpcCall('query', 'timetable.fareTable', { lineId: LINE, date }),
    expected: publicDate('date'),
    lastGood: PUBLIC.to,
  },
  // The old REST path of the departures: a qdate that is not a date was already a 400.
  {
    where: 'GET /api/scheduleItem/home-from',
    field: 'qdate',
    call: (qdate) =>
      restCall('GET', `/api/scheduleItem/home-from?qdate=${qdate}&qdir=Out%20bound&qbstopfrom=1&qbstopto=`),
    expected: (date) =>
      date === '2100-02-29'
        ? { status: 400, text: `qdate: ${NOT_A_DATE}` }
        : { status: 400, text: PUBLIC_RANGE },
    lastGood: PUBLIC.to,
  },
  // Staff: service changes and notices.
  ...(['notice', 'cancel', 'retime', 'closure'] as const).flatMap((kind) =>
    (['from', 'until'] as const).map(
      (field): DateInput => ({
        where: 'admin.serviceChanges.save',
        field: `${field} (${kind})`,
        call: changeInput(kind, field),
        expected: staff(field),
        lastGood: STORED_DATES.to,
      }),
    ),
  ),
  {
    where: 'admin.serviceChanges.list',
    field: 'date',
    call: (date) => trpcCall('query', 'admin.serviceChanges.list', { date }),
    expected: staff('date'),
    lastGood: STORED_DATES.to,
  },
  {
    where: 'admin.serviceChanges.lineTrips',
    field: 'date',
    call: (date) => trpcCall('query', 'admin.serviceChanges.lineTrips', { lineId: LINE, date }),
    expected: staff('date'),
    lastGood: STORED_DATES.to,
  },
  {
    where: 'admin.serviceChanges.preview',
    field: 'date',
    call: (date) => trpcCall('query', 'admin.serviceChanges.preview', { date }),
    expected: staff('date'),
    lastGood: STORED_DATES.to,
  },
  // Staff: the punctuality report of live buses (issue 40), a period of one day at either bound.
  ...(['from', 'until'] as const).map(
    (field): DateInput => ({
      where: 'admin.live.punctuality',
      field,
      call: (date) =>
        trpcCall('query', 'admin.live.punctuality', {
          ...{ from: date, until: date },
          // The other end inside the bounds, so that the date given is the one refused.
          [field === 'from' ? 'until' : 'from']: inDateRange(date, STORED_DATES) ? date : TODAY,
        }),
      expected: staff(field),
      lastGood: STORED_DATES.to,
    }),
  ),
  // Staff: schedule windows and new timetables.
  ...(['validFrom', 'validUntil'] as const).map(
    (field): DateInput => ({
      where: 'admin.schedules.saveList',
      field: `schedules.[].${field}`,
      call: async (date) => {
        const loaded = await schedulesVersion();
        const [first] = loaded.schedules;
        return trpcCall('mutation', 'admin.schedules.saveList', {
          lineId: LINE,
          schedules: [{ ...first, [field]: date }],
          baseVersion: loaded.version,
        });
      },
      expected: staff(`schedules.0.${field}`),
      lastGood: STORED_DATES.to,
    }),
  ),
  // Staff: a fare rule's first day (issue 41).
  {
    where: 'admin.fares.save',
    field: 'validFrom',
    call: (validFrom) =>
      trpcCall('mutation', 'admin.fares.save', {
        id: null,
        lineId: LINE,
        validFrom,
        method: { kind: 'flat', cents: 100 },
        baseVersion: 0,
      }),
    expected: staff('validFrom'),
    lastGood: STORED_DATES.to,
  },
  // Staff: a through fare's first day.
  {
    where: 'admin.throughFares.save',
    field: 'validFrom',
    call: (validFrom) =>
      trpcCall('mutation', 'admin.throughFares.save', {
        id: null,
        fromLineId: 18,
        fromStopId: 27,
        toLineId: 10,
        toStopId: 115,
        validFrom,
        cents: 300,
        changeMinutes: 60,
        baseVersion: 0,
      }),
    expected: staff('validFrom'),
    lastGood: STORED_DATES.to,
  },
  {
    where: 'admin.schedules.newTimetableFrom',
    field: 'from',
    call: async (from) =>
      trpcCall('mutation', 'admin.schedules.newTimetableFrom', {
        from,
        baseVersions: [{ lineId: LINE, version: (await schedulesVersion()).version }],
      }),
    expected: staff('from'),
    lastGood: STORED_DATES.to,
  },
  ...(['validFrom', 'validUntil'] as const).map(
    (field): DateInput => ({
      where: 'POST /api/scheduleItem/post-schedule-dto',
      field: `[].${field}`,
      call: async (date) => {
        const listed = await restCall('GET', `/api/scheduleItem/schedule-by-line?lineId=${LINE}`);
        const schedules = (listed.data as { data: Record<string, unknown>[] }).data;
        return restCall(
          'POST',
          '/api/scheduleItem/post-schedule-dto',
          schedules.map((s, i) => (i === 0 ? { ...s, [field]: date } : s)),
        );
      },
      expected: staffRest,
      lastGood: STORED_DATES.to,
    }),
  ),
];

/** Everything a refused date could have written: the changes, the windows, the schedules, the fares, the history. */
function stored() {
  const all = (sql: string) => t.db.sqlite.prepare(sql).all();
  return {
    changes: all('SELECT * FROM service_change ORDER BY id'),
    fareRules: all('SELECT * FROM fare_rule ORDER BY id'),
    throughFares: all('SELECT * FROM through_fare ORDER BY id'),
    schedules: all('SELECT id, line_id, valid_from, valid_until FROM schedule ORDER BY id'),
    history: all('SELECT max(id) AS id, count(*) AS n FROM change_log'),
  };
}

async function alertsAnswer() {
  const res = await t.app.inject({ method: 'GET', url: '/gtfs-rt/alerts.pb' });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return decodeFeed(new Uint8Array(res.rawPayload));
}

// ---- Which inputs take a date: from the schemas themselves -------------------------------

type Json = Record<string, unknown>;
const DATE_NAME = /^(date|qdate|change|from|until|validFrom|validUntil)$/;

/** A field that takes a number is an id ('from' of the departures is a stop), not a date. */
function takesNumber(schema: Json): boolean {
  const types = [schema.type].flat();
  if (types.includes('number') || types.includes('integer')) return true;
  return ['anyOf', 'oneOf'].some((k) => Array.isArray(schema[k]) && (schema[k] as Json[]).some(takesNumber));
}

/** The fields of a JSON schema whose name says date and which take text only: 'schedules.[].validFrom'. */
function dateFields(schema: Json, path: string[] = [], found = new Set<string>()): Set<string> {
  for (const [name, sub] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
    if (DATE_NAME.test(name) && !takesNumber(sub)) found.add([...path, name].join('.'));
    dateFields(sub, [...path, name], found);
  }
  for (const k of ['anyOf', 'oneOf', 'allOf'])
    if (Array.isArray(schema[k])) for (const sub of schema[k] as Json[]) dateFields(sub, path, found);
  if (schema.items) dateFields(schema.items as Json, [...path, '[]'], found);
  return found;
}

const jsonOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;

function everyDateField(): string[] {
  const found: string[] = [];
  for (const [path, input] of Object.entries(PROCEDURE_INPUTS))
    if (input !== null) for (const field of dateFields(jsonOf(input))) found.push(`${path} ${field}`);
  for (const op of OPERATIONS) {
    const where = `${op.method.toUpperCase()} ${op.path}`;
    const schemas = [op.query, op.pathParams, op.body && REQUEST_BODIES[op.body].schema].filter(
      (s): s is z.ZodType => s !== undefined,
    );
    for (const schema of schemas)
      for (const field of dateFields(jsonOf(schema))) found.push(`${where} ${field}`);
  }
  return [...new Set(found)].sort();
}

describe('dates are bounded everywhere a person can type one', () => {
  it('the walk below covers every procedure and REST path whose input holds a date', () => {
    const walked = new Set(DATE_INPUTS.map((i) => `${i.where} ${i.field.replace(/ \(.*\)$/, '')}`));
    expect([...walked].sort()).toEqual(everyDateField());
  });

  it('year 1, year 9999 and 29 February 2100 are refused with 400 everywhere, nothing is stored, alerts.pb answers 200', async () => {
    const before = stored();
    const alertsBefore = await alertsAnswer();
    const seen: string[] = [];
    for (const input of DATE_INPUTS)
      for (const date of BAD) {
        const what = `${input.where} ${input.field} = ${date}`;
        const answer = await input.call(date);
        const expected = input.expected(date);
        seen.push(`${what}: ${answer.status}`);
        expect(answer.status, `${what}: ${answer.message}`).toBe(expected.status);
        if (expected.status === 400) {
          expect(answer.message, what).toContain(expected.text);
          if (expected.key !== undefined) expect(answer.key, what).toBe(expected.key);
        } else {
          expect(input.answerDate?.(answer.data), what).toBe(TODAY);
        }
      }
    expect(seen).toHaveLength(DATE_INPUTS.length * BAD.length);
    expect(stored()).toEqual(before);
    // The feed everyone reads still answers, with the same alerts.
    expect((await alertsAnswer()).entity).toEqual(alertsBefore.entity);
  });

  it('the day past each bound is refused, the bound itself taken; alerts.pb still answers 200', async () => {
    for (const input of DATE_INPUTS) {
      const what = `${input.where} ${input.field}`;
      const past = await input.call(addDays(input.lastGood, 1));
      expect(past.status, `${what} ${addDays(input.lastGood, 1)}: ${past.message}`).toBe(400);
      const taken = await input.call(input.lastGood);
      expect(taken.status, `${what} ${input.lastGood}: ${taken.message}`).toBe(200);
    }
    // The first date staff may save is taken too, and refused a day before.
    const notice = changeInput('notice', 'from');
    expect((await notice(addDays(STORED_DATES.from, -1))).status).toBe(400);
    expect((await notice(STORED_DATES.from)).status).toBe(200);
    const departures = (date: string) => trpcCall('query', 'timetable.departures', { from: 1, date });
    expect((await departures(addDays(PUBLIC.from, -1))).status).toBe(400);
    expect((await departures(PUBLIC.from)).status).toBe(200);
    const alerts = await alertsAnswer();
    // The notice until 2099-12-31 ends at midnight after it, in Vilnius.
    const ends = alerts.entity.flatMap((e) => e.alert?.activePeriod?.map((p) => Number(p.end)) ?? []);
    expect(Math.max(...ends)).toBe(vilniusInstant(addDays(STORED_DATES.to, 1), 0) / 1000);
  });
});

describe('a date stored beyond the bounds before they existed', () => {
  it('is read inside them: the feeds and pages answer 200', async () => {
    // Written by hand, as the server took them before (a notice "until 9999-12-31" made
    // /gtfs-rt/alerts.pb answer 500 for everyone: 'Year out of range: 10000').
    const saved = await changeInput('notice', 'from')(TODAY);
    expect(saved.status).toBe(200);
    const id = (saved.data as { id: number }).id;
    t.db.sqlite
      .prepare("UPDATE service_change SET from_date = '0001-01-01', until_date = '9999-12-31' WHERE id = ?")
      .run(id);
    const [schedule] = (await schedulesVersion()).schedules as { id: number }[];
    t.db.sqlite
      .prepare("UPDATE schedule SET valid_from = '0001-01-01', valid_until = '9999-12-31' WHERE id = ?")
      .run(schedule?.id);

    const alerts = await alertsAnswer();
    const alert = alerts.entity.find((e) => e.id === `change-${id}`)?.alert;
    expect(alert?.activePeriod?.map((p) => [Number(p.start), Number(p.end)])).toEqual([
      [vilniusInstant(STORED_DATES.from, 0) / 1000, vilniusInstant(addDays(STORED_DATES.to, 1), 0) / 1000],
    ]);
    for (const url of [
      '/gtfs-rt/trip-updates.pb',
      '/gtfs.zip',
      '/changes.atom',
      '/changes.atom?lang=en',
      '/calendar/stop/1.ics',
      `/calendar/trip/${tripId}.ics`,
      `/api/scheduleItem/home-from?qdate=${TODAY}&qdir=Out%20bound&qbstopfrom=1&qbstopto=`,
      `/api/scheduleItem/schedule-by-lineid-browse?lineId=${LINE}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    }
    for (const [type, path, input] of [
      ['query', 'timetable.departures', { from: 1 }],
      ['query', 'timetable.lineTimetable', { id: LINE }],
      ['query', 'timetable.linePrint', { id: LINE }],
      ['query', 'timetable.stopPoster', { from: 1 }],
      ['query', 'timetable.serviceChanges', undefined],
      ['query', 'timetable.noticesToday', undefined],
      ['query', 'timetable.plan', { from: PLAN_FROM, to: PLAN_TO, date: TODAY, time: '08:00' }],
      ['query', 'admin.serviceChanges.list', {}],
      ['query', 'admin.serviceChanges.preview', { date: TODAY }],
      ['query', 'admin.schedules.byLine', { lineId: LINE }],
      ['query', 'admin.check.run', undefined],
      ['query', 'admin.publishing.get', undefined],
    ] as const) {
      const answer = await trpcCall(type, path, input);
      expect(answer.status, `${path}: ${answer.message}`).toBe(200);
    }
    // The admin screens show the dates as read, so a save of what they show is taken.
    const listed = (await trpcCall('query', 'admin.serviceChanges.list', {})).data as {
      items: { id: number; from: string | null; until: string | null }[];
    };
    expect(listed.items.find((c) => c.id === id)).toMatchObject({
      from: STORED_DATES.from,
      until: STORED_DATES.to,
    });
  });
});
