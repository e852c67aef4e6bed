import { readTimetable } from '@bus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeparturesResult } from '../src/public-read/departures.ts';
import type { TripSchedule } from '../src/public-read/timetable.ts';
import type { LineSchedules, SavedSchedules } from '../src/services/admin/schedules.ts';
import { type AdminTestApp, adminApp, adminClient, versionNow } from './admin-helpers.ts';
import { fixedClock } from './helpers.ts';

const FAILED = "Input validation failed, check if everything's entered right";
const TRIP_COUNT = 'Min 1 trip per schedule, Max 2 trips per schedule';
const ONE_WAY = "Input validation failed, In single trip schedules - trip direction must be 'One way' ";
const TWO_TRIPS =
  "Input validation failed, In two trip schedules - 1 trip must be 'Out bound' and the other 'City bound'";

type SavedSchedule = LineSchedules['schedules'][number];

let t: AdminTestApp;
let client: ReturnType<typeof adminClient>;

beforeAll(async () => {
  t = await adminApp({ clock: fixedClock('2026-03-04T07:30:00Z') });
  client = adminClient(t.app, t.adminToken);
});
afterAll(() => t.app.close());

const byLine = async (lineId: number) => {
  const res = await client.query<LineSchedules>('admin.schedules.byLine', { lineId });
  expect(res.message).toBeUndefined();
  return res.data;
};
/** A save as the schedule editor makes it: against the version of the line's schedules as stored now. */
const saveList = async (lineId: number, schedules: unknown[]) =>
  client.mutate<SavedSchedules>('admin.schedules.saveList', {
    lineId,
    schedules,
    baseVersion: await versionNow(t, { kind: 'schedules', lineId }),
  });
/** Deletes a schedule of line 7 (every schedule these tests delete is one). */
const deleteSchedule = async (id: number | undefined) =>
  client.mutate('admin.schedules.delete', {
    id,
    baseVersion: await versionNow(t, { kind: 'schedules', lineId: 7 }),
  });

/** Route 8 of line 7 has 12 stops; route 9 has 17. */
const times = (count: number, from = 6 * 60) =>
  Array.from({ length: count }, (_, i) => {
    const m = from + i * 2;
    return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  });

const newSchedule = (overrides: Record<string, unknown> = {}) => ({
  id: null,
  runsOnWeekly: ['MONDAY', 'WEDNESDAY'],
  runsOnYearlyId: 1,
  runsOnPublicHolidays: false,
  timeConstraintsDescription: 'Test',
  trips: [
    { id: null, boundFor: 'Out bound', routeId: 8, routeDirReversed: false, timeList: times(12, 22 * 60) },
    { id: -7, boundFor: 'City bound', routeId: 8, routeDirReversed: true, timeList: times(12, 23 * 60) },
  ],
  ...overrides,
});

describe('admin.schedules.byLine', () => {
  it('gives the line schedules with the editor options and title', async () => {
    const data = await byLine(7);
    expect(data.schedules.map((s) => s.id)).toEqual([14, 15, 16, 17, 18]);
    expect(data.schedules[0]).toEqual({
      id: 14,
      lineId: 7,
      runsOnWeekly: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'],
      runsOnYearlyId: 2,
      runsOnPublicHolidays: true,
      timeConstraintsDescription: 'Važiuoja moksleivių atostogų metu',
      validFrom: null,
      validUntil: null,
      stepFree: 'unknown',
      trips: [
        expect.objectContaining({ id: 27, boundFor: 'Out bound', routeId: 8, routeDirReversed: false }),
        expect.objectContaining({ id: 28, boundFor: 'City bound', routeId: 8, routeDirReversed: true }),
      ],
    });
    expect(data.schedules[0]?.trips[0]?.timeList.slice(0, 2)).toEqual(['08:55', '08:56']);
    expect(data.lineTitle).toBe('M17 B - Anykščiai - Staškūniškis');
    expect(data.boundForOptions).toEqual(['City bound', 'Out bound', 'One way']);
    expect(data.yearlyOptions).toHaveLength(10);
    expect(data.yearlyOptions[0]).toEqual({ id: 1, periodName: 'Apskritus metus' });
    expect(data.empty).toEqual({
      id: null,
      lineId: 7,
      runsOnWeekly: [],
      runsOnYearlyId: null,
      runsOnPublicHolidays: false,
      timeConstraintsDescription: null,
      validFrom: null,
      validUntil: null,
      trips: [{ id: null, boundFor: 'One way', routeId: null, routeDirReversed: false, timeList: [] }],
    });
    expect((await client.query('admin.schedules.byLine', { lineId: 999 })).status).toBe(404);
  });
});

describe('admin.schedules.saveList', () => {
  it('saving the loaded schedules unchanged changes nothing', async () => {
    const before = await readTimetable(t.db.kysely);
    for (const lineId of [7, 13]) {
      const { schedules } = await byLine(lineId);
      const res = await saveList(lineId, schedules);
      expect(res.status).toBe(200);
      expect(res.data.schedules).toEqual(schedules);
    }
    expect(await readTimetable(t.db.kysely)).toEqual(before);
  });

  it('answers the new version: the one stored, which the next save sends and an older one cannot', async () => {
    const loaded = await byLine(7);
    const schedule = loaded.schedules[1] as SavedSchedule;
    const described = (text: string) => ({ ...schedule, timeConstraintsDescription: text });
    const save = (posted: object, baseVersion: number) =>
      client.mutate<SavedSchedules>('admin.schedules.saveList', {
        lineId: 7,
        schedules: [posted],
        baseVersion,
      });
    const first = await save(described('Pirmas pakeitimas'), loaded.version);
    expect(first.status, first.message).toBe(200);
    expect(first.data.version).toBeGreaterThan(loaded.version);
    expect(first.data.version).toBe((await byLine(7)).version);
    expect(first.data.version).toBe(await versionNow(t, { kind: 'schedules', lineId: 7 }));
    // The editor saves again against the answer alone, without reading the schedules back.
    const second = await save(schedule, first.data.version);
    expect(second.status, second.message).toBe(200);
    expect(second.data.schedules).toEqual([schedule]);
    expect(second.data.version).toBeGreaterThan(first.data.version);
    expect(second.data.version).toBe((await byLine(7)).version);
    expect((await save(described('Pasenęs'), first.data.version)).status).toBe(409);
    // A save that changes nothing keeps the version.
    expect((await save(schedule, second.data.version)).data.version).toBe(second.data.version);
  });

  it('creates schedules (null and negative ids) and the public timetable shows them at once', async () => {
    const res = await saveList(7, [newSchedule(), newSchedule({ id: -2, runsOnWeekly: ['FRIDAY'] })]);
    expect(res.status).toBe(200);
    const [first, second] = res.data.schedules as [SavedSchedule, SavedSchedule];
    expect(first.id).toBeGreaterThan(76);
    expect(second.id).toBeGreaterThan(first.id);
    expect(second.runsOnWeekly).toEqual(['FRIDAY']);
    expect(first.trips.map((trip) => [trip.boundFor, trip.timeList[0]])).toEqual([
      ['Out bound', '22:00'],
      ['City bound', '23:00'],
    ]);
    const departures = await client.query<DeparturesResult>('timetable.departures', {
      from: 1,
      dir: 'Out bound',
      date: '2026-03-04',
    });
    expect(departures.data.items.some((i) => i.schedId === first.id && i.timeDepart === '22:00')).toBe(true);
    const publicTrip = await client.query<TripSchedule>('timetable.tripSchedule', { id: first.trips[0]?.id });
    expect(publicTrip.data.schedule.id).toBe(first.id);
    expect((await byLine(7)).schedules.map((s) => s.id)).toEqual([14, 15, 16, 17, 18, first.id, second.id]);
    for (const s of res.data.schedules) await deleteSchedule(s.id);
  });

  it("fits each trip's time list to its route before checking: longer lists are cut, shorter ones fail", async () => {
    const long = newSchedule({
      trips: [
        {
          id: null,
          boundFor: 'One way',
          routeId: 8,
          routeDirReversed: false,
          timeList: [...times(12), '', null, 'junk'],
        },
      ],
    });
    const saved = await saveList(7, [long]);
    expect(saved.status).toBe(200);
    expect(saved.data.schedules[0]?.trips[0]?.timeList).toEqual(times(12));
    await deleteSchedule(saved.data.schedules[0]?.id);

    const before = await readTimetable(t.db.kysely);
    const short = newSchedule({
      trips: [{ id: null, boundFor: 'One way', routeId: 8, routeDirReversed: false, timeList: times(11) }],
    });
    expect(await saveList(7, [short])).toMatchObject({ status: 400, message: FAILED });
    expect(await readTimetable(t.db.kysely)).toEqual(before);
  });

  it('updates a schedule: fields overwritten, kept trips keep their ids, others replaced', async () => {
    const { schedules } = await byLine(7);
    const original = schedules.find((s) => s.id === 14) as SavedSchedule;
    const [outbound] = original.trips as [SavedSchedule['trips'][number]];
    const res = await saveList(7, [
      {
        ...original,
        runsOnWeekly: ['SATURDAY', 'MONDAY'],
        runsOnYearlyId: '3',
        runsOnPublicHolidays: 'false',
        timeConstraintsDescription: '',
        trips: [
          { ...outbound, timeList: outbound.timeList.map((time) => `${time}:00`) },
          {
            id: null,
            boundFor: 'City bound',
            routeId: 9,
            routeDirReversed: true,
            timeList: times(17, 10 * 60),
          },
        ],
      },
    ]);
    expect(res.status).toBe(200);
    const [saved] = res.data.schedules as [SavedSchedule];
    expect(saved).toMatchObject({
      id: 14,
      runsOnWeekly: ['MONDAY', 'SATURDAY'],
      runsOnYearlyId: 3,
      runsOnPublicHolidays: false,
      timeConstraintsDescription: null,
    });
    expect(saved.trips.map((trip) => trip.id)[0]).toBe(27);
    expect(saved.trips[0]?.timeList).toEqual(outbound.timeList);
    expect(saved.trips[1]?.id).not.toBe(28);
    expect(saved.trips[1]).toMatchObject({
      routeId: 9,
      boundFor: 'City bound',
      timeList: times(17, 10 * 60),
    });
    expect((await client.query('timetable.tripSchedule', { id: 28 })).status).toBe(404);
    expect((await byLine(7)).schedules.find((s) => s.id === 14)).toEqual(saved);
    expect((await saveList(7, [original])).status).toBe(404); // trip 28 is gone now
  });

  it('refuses each broken rule with the spec message (the generic one first) and changes nothing', async () => {
    const before = await readTimetable(t.db.kysely);
    const trip = (boundFor: string, overrides: Record<string, unknown> = {}) => ({
      id: null,
      boundFor,
      routeId: 8,
      routeDirReversed: false,
      timeList: times(12),
      ...overrides,
    });
    const cases: [string, unknown[], string][] = [
      ['no weekday', [newSchedule({ runsOnWeekly: [] })], FAILED],
      ['no yearly rule', [newSchedule({ runsOnYearlyId: null })], FAILED],
      ['an empty rule', [newSchedule({ runsOnYearlyId: '' })], FAILED],
      ['a rule that does not exist', [newSchedule({ runsOnYearlyId: 999 })], FAILED],
      [
        'an empty time',
        [newSchedule({ trips: [trip('One way', { timeList: ['', ...times(11)] })] })],
        FAILED,
      ],
      [
        'a missing time',
        [newSchedule({ trips: [trip('One way', { timeList: [null, ...times(11)] })] })],
        FAILED,
      ],
      ['24:00', [newSchedule({ trips: [trip('One way', { timeList: ['24:00', ...times(11)] })] })], FAILED],
      ['12:60', [newSchedule({ trips: [trip('One way', { timeList: ['12:60', ...times(11)] })] })], FAILED],
      ['7:05', [newSchedule({ trips: [trip('One way', { timeList: ['7:05', ...times(11)] })] })], FAILED],
      ['no route', [newSchedule({ trips: [trip('One way', { routeId: null })] })], FAILED],
      [
        'a route of another line',
        [newSchedule({ trips: [trip('One way', { routeId: 1, timeList: times(6) })] })],
        FAILED,
      ],
      ['a direction that does not exist', [newSchedule({ trips: [trip('Both ways')] })], FAILED],
      ['no trips', [newSchedule({ trips: [] })], TRIP_COUNT],
      [
        'three trips',
        [newSchedule({ trips: [trip('Out bound'), trip('City bound'), trip('One way')] })],
        TRIP_COUNT,
      ],
      ['one trip, not One way', [newSchedule({ trips: [trip('Out bound')] })], ONE_WAY],
      ['two Out bound trips', [newSchedule({ trips: [trip('Out bound'), trip('Out bound')] })], TWO_TRIPS],
      ['One way and City bound', [newSchedule({ trips: [trip('One way'), trip('City bound')] })], TWO_TRIPS],
      [
        'a trip-count problem and an empty time in another schedule: the generic message wins',
        [newSchedule({ trips: [] }), newSchedule({ runsOnWeekly: [] })],
        FAILED,
      ],
      [
        'a valid schedule followed by an invalid one: nothing is saved',
        [newSchedule(), newSchedule({ trips: [trip('Out bound')] })],
        ONE_WAY,
      ],
    ];
    for (const [label, schedules, message] of cases) {
      const res = await saveList(7, schedules);
      expect(res.status, label).toBe(400);
      expect(res.code, label).toBe('BAD_REQUEST');
      expect(res.message, label).toBe(message);
    }
    expect(await readTimetable(t.db.kysely)).toEqual(before);
  });

  it('answers unknown lines, schedules and trips with NOT_FOUND', async () => {
    expect((await saveList(999, [newSchedule()])).status).toBe(404);
    const other = (await byLine(13)).schedules[0] as SavedSchedule;
    const res = await saveList(7, [{ ...other, trips: [] }]);
    expect(res.status).toBe(400); // the trip count is checked first...
    expect((await saveList(7, [{ ...newSchedule(), id: other.id }])).status).toBe(404); // ...then the owner
    expect((await saveList(7, [{ ...newSchedule(), id: 9999 }])).status).toBe(404);
    const foreignTrip = newSchedule({
      trips: [{ id: 30, boundFor: 'One way', routeId: 8, routeDirReversed: false, timeList: times(12) }],
    });
    expect((await saveList(7, [foreignTrip])).status).toBe(404);
  });

  it('rolls back every row when the database fails half-way', async () => {
    const before = await readTimetable(t.db.kysely);
    // The second schedule's last time (23:59) makes the database refuse, after the first schedule was written.
    t.db.sqlite.exec(`CREATE TRIGGER fail_late_time BEFORE INSERT ON trip_time WHEN NEW.minute = 1439
      BEGIN SELECT RAISE(ABORT, 'injected failure'); END`);
    try {
      const { schedules } = await byLine(7);
      const late = newSchedule({
        trips: [
          {
            id: null,
            boundFor: 'One way',
            routeId: 8,
            routeDirReversed: false,
            timeList: [...times(11), '23:59'],
          },
        ],
      });
      const res = await saveList(7, [newSchedule(), { ...schedules[1], runsOnWeekly: ['SUNDAY'] }, late]);
      expect(res.status).toBe(500);
      expect(res.message).toBe('Something went wrong on the server');
    } finally {
      t.db.sqlite.exec('DROP TRIGGER fail_late_time');
    }
    expect(await readTimetable(t.db.kysely)).toEqual(before);
  });
});

describe('admin.schedules.delete', () => {
  it('deletes a schedule with its trips; its trip pages are gone', async () => {
    const res = await deleteSchedule(15);
    expect(res).toMatchObject({ status: 200, data: { id: 15 } });
    expect((await byLine(7)).schedules.some((s) => s.id === 15)).toBe(false);
    expect((await client.query('timetable.tripSchedule', { id: 29 })).status).toBe(404);
    expect((await deleteSchedule(15)).status).toBe(404);
  });
});
