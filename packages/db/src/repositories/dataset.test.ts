import type { TimetableDataset } from '@bus/core';
import { describe, expect, it } from 'vitest';
import { createTestDb } from '../connection.ts';
import { countTimetable, readTimetable, replaceTimetable } from './dataset.ts';

/** Sparse ids on purpose (like the real data): they must survive the trip unchanged. */
function sample(): TimetableDataset {
  return {
    format: 'bus-timetable',
    version: 1,
    stops: [
      { id: 1, name: 'Anykščių AS', coords: null, defaultOption: true },
      // Step-free marks (issue 41) on a stop after one without: every row is written in full.
      { id: 110, name: 'Leliūnai', coords: 'Biržinė > Utena ', defaultOption: false, stepFree: 'yes' },
      // A bay (issue 42) on one stop only: the others are written without, and read back so.
      { id: 200, name: 'Varkujai', coords: null, defaultOption: false, stepFree: 'no', bay: '3' },
    ],
    holidays: [{ id: 13, name: 'Kalėdos 2d', month: 12, day: 26 }],
    yearlyRules: [
      {
        id: 2,
        periodName: 'Moksleivių vasaros atostogos',
        typeOfYearlyRule: null,
        otherRuleId: null,
        timePeriods: [{ id: 2, startMonth: 6, startDay: 1, endMonth: 8, endDay: 31 }],
        pattern1Params: [],
      },
      {
        id: 5,
        periodName: 'Žiemą',
        typeOfYearlyRule: 'Static dates',
        otherRuleId: null,
        timePeriods: [
          { id: 9, startMonth: 11, startDay: 4, endMonth: 12, endDay: 31 },
          { id: 10, startMonth: 1, startDay: 1, endMonth: 4, endDay: 14 },
        ],
        pattern1Params: [],
      },
      {
        // Borrows from a rule listed after it: insertion order must not matter.
        id: 16,
        periodName: 'Vasarą, 1 ir 3 Penkt.',
        typeOfYearlyRule: 'Combo',
        otherRuleId: 17,
        timePeriods: [],
        pattern1Params: [
          { id: 14, nthOccurenceEachMonth: 1, dayOfWeek: 'FRIDAY' },
          { id: 15, nthOccurenceEachMonth: 3, dayOfWeek: 'SUNDAY' },
        ],
      },
      {
        id: 17,
        periodName: 'Vasarą',
        typeOfYearlyRule: null,
        otherRuleId: null,
        timePeriods: [{ id: 11, startMonth: 4, startDay: 1, endMonth: 11, endDay: 15 }],
        pattern1Params: [],
      },
    ],
    lines: [
      {
        id: 13,
        name: 'M38',
        routeStart: 'Miesto',
        routeEnd: 'Viduj',
        routeType: 'City Bus',
        operator: 'Transporto Centras',
        anykStationPlatform: '3',
        price: '1.00 €',
        via: 'Stotis - Ligoninė - Kapinės',
        enabledSeasonalYearlyRuleFilter: true,
        customNotes: [
          { id: 3, noteKey: 'Pastaba', noteValue: 'Sekmadieniais nevažiuoja' },
          { id: 8, noteKey: 'Telefonas', noteValue: '+370 381 00000' },
        ],
        routes: [
          { id: 21, routeNotes: 'Ilgas', stopIds: [1, 110, 200, 1], distanceMeters: [null, null, null] },
          { id: 22, routeNotes: null, stopIds: [1, 200], distanceMeters: [null] },
        ],
      },
      {
        id: 21,
        name: 'M22',
        routeStart: null,
        routeEnd: null,
        routeType: 'Nationial Bus',
        operator: null,
        anykStationPlatform: null,
        price: null,
        via: null,
        enabledSeasonalYearlyRuleFilter: false,
        customNotes: [],
        routes: [{ id: 41, routeNotes: 'Iki Varkujų ', stopIds: [1, 110, 200], distanceMeters: [1500, 0] }],
      },
    ],
    schedules: [
      {
        id: 50,
        lineId: 13,
        runsOnWeekly: ['MONDAY', 'WEDNESDAY', 'SUNDAY'],
        runsOnYearlyId: 16,
        runsOnPublicHolidays: true,
        timeConstraintsDescription: 'Darbo dienomis\nir sekmadieniais',
        validFrom: '2027-01-01',
        validUntil: null,
        stepFree: 'yes',
        trips: [
          {
            id: 98,
            boundFor: 'One way',
            routeId: 21,
            routeDirReversed: false,
            timeList: ['05:30', '05:41', null, '23:59'],
          },
          {
            id: 99,
            boundFor: 'City bound',
            routeId: 22,
            routeDirReversed: true,
            timeList: ['00:00', '00:05'],
          },
        ],
      },
      {
        id: 76,
        lineId: 21,
        runsOnWeekly: [],
        runsOnYearlyId: 2,
        runsOnPublicHolidays: false,
        timeConstraintsDescription: null,
        trips: [{ id: 139, boundFor: 'Out bound', routeId: 41, routeDirReversed: false, timeList: [] }],
      },
      {
        id: 77,
        lineId: 21,
        runsOnWeekly: ['SATURDAY'],
        runsOnYearlyId: 5,
        runsOnPublicHolidays: false,
        timeConstraintsDescription: '',
        trips: [],
      },
    ],
    // Issue 41: a rule of each kind, pair fares, concessions.
    fareRules: [
      {
        id: 3,
        lineId: 21,
        validFrom: '2027-01-01',
        method: {
          kind: 'bands',
          bands: [
            { upToMeters: 1000, cents: 60 },
            { upToMeters: 1500, cents: 90 },
          ],
        },
        roundingCents: 10,
        minimumCents: 50,
        pairs: [
          { fromStopId: 1, toStopId: 200, cents: 75 },
          { fromStopId: 110, toStopId: 1, cents: 40 },
        ],
      },
      {
        id: 4,
        lineId: 13,
        validFrom: '2026-12-01',
        method: { kind: 'flat', cents: 100 },
        roundingCents: 1,
        minimumCents: 0,
        pairs: [],
      },
      {
        id: 7,
        lineId: 21,
        validFrom: '2027-06-01',
        method: { kind: 'perKm', centsPerKm: 8 },
        roundingCents: 5,
        minimumCents: 0,
        pairs: [],
      },
    ],
    concessions: [
      { id: 2, nameLt: 'Moksleiviai', nameEn: 'Pupils', percent: 50 },
      { id: 5, nameLt: 'Senjorai', nameEn: 'Seniors', percent: 20 },
    ],
    // A through fare from stop 1 on line 13 changing to line 21 to stop 200, and its new price.
    throughFares: [
      {
        id: 2,
        fromLineId: 13,
        fromStopId: 1,
        toLineId: 21,
        toStopId: 200,
        validFrom: '2026-12-01',
        cents: 150,
        changeMinutes: 40,
      },
      {
        id: 6,
        fromLineId: 21,
        fromStopId: 200,
        toLineId: 13,
        toStopId: 1,
        validFrom: '2027-06-01',
        cents: 170,
        changeMinutes: 30,
      },
    ],
  };
}

const SAMPLE_COUNTS = {
  stops: 3,
  holidays: 1,
  yearlyRules: 4,
  timePeriods: 4,
  patternItems: 2,
  lines: 2,
  routes: 3,
  schedules: 3,
  trips: 3,
  stopTimes: 6,
};

describe('replaceTimetable / readTimetable', () => {
  it('round-trips a dataset, keeping every id and all field values', async () => {
    const { kysely: db, sqlite } = await createTestDb();
    expect(replaceTimetable(sqlite, sample())).toEqual(SAMPLE_COUNTS);
    expect(await readTimetable(db)).toEqual(sample());
    expect(await countTimetable(db)).toEqual(SAMPLE_COUNTS);
    await db.destroy();
  });

  it('stores the documented conventions: minutes, weekday mask, stop_count, folded names, 1..7 weekdays', async () => {
    const { kysely: db, sqlite } = await createTestDb();
    replaceTimetable(sqlite, sample());
    const times = sqlite.prepare('SELECT seq, minute FROM trip_time WHERE trip_id = 98 ORDER BY seq').all();
    expect(times).toEqual([
      { seq: 0, minute: 330 },
      { seq: 1, minute: 341 },
      { seq: 2, minute: null },
      { seq: 3, minute: 1439 },
    ]);
    expect(sqlite.prepare('SELECT weekday_mask FROM schedule WHERE id = 50').pluck().get()).toBe(1 + 4 + 64);
    expect(sqlite.prepare('SELECT id, stop_count FROM route ORDER BY id').all()).toEqual([
      { id: 21, stop_count: 4 },
      { id: 22, stop_count: 2 },
      { id: 41, stop_count: 3 },
    ]);
    expect(sqlite.prepare('SELECT name_folded FROM stop WHERE id = 1').pluck().get()).toBe('anyksciu as');
    expect(sqlite.prepare('SELECT day_of_week FROM pattern_item ORDER BY id').pluck().all()).toEqual([5, 7]);
    expect(sqlite.prepare('SELECT other_rule_id FROM yearly_rule WHERE id = 16').pluck().get()).toBe(17);
    await db.destroy();
  });

  it('reads every list back ordered by id, whatever order it was written in', async () => {
    const { kysely: db, sqlite } = await createTestDb();
    const shuffled = sample();
    shuffled.stops.reverse();
    shuffled.yearlyRules.reverse();
    shuffled.lines.reverse();
    for (const line of shuffled.lines) line.routes.reverse();
    shuffled.schedules.reverse();
    for (const schedule of shuffled.schedules) schedule.trips.reverse();
    replaceTimetable(sqlite, shuffled);
    expect(await readTimetable(db)).toEqual(sample());
    await db.destroy();
  });

  it('replaces a previous timetable completely but leaves the users alone', async () => {
    const { kysely: db, sqlite } = await createTestDb();
    replaceTimetable(sqlite, sample());
    await db
      .insertInto('app_user')
      .values({ username: 'admin', password_hash: 'x', roles: '["ROLE_ADMIN"]' })
      .execute();
    const smaller = sample();
    smaller.lines = smaller.lines.filter((l) => l.id === 21);
    smaller.schedules = smaller.schedules.filter((s) => s.lineId === 21);
    smaller.fareRules = smaller.fareRules?.filter((r) => r.lineId === 21);
    delete smaller.concessions;
    delete smaller.throughFares;
    replaceTimetable(sqlite, smaller);
    expect(await readTimetable(db)).toEqual(smaller);
    expect(await db.selectFrom('app_user').select('username').execute()).toEqual([{ username: 'admin' }]);
    await db.destroy();
  });

  it('refuses a dataset with a broken reference and changes nothing', async () => {
    const { kysely: db, sqlite } = await createTestDb();
    replaceTimetable(sqlite, sample());
    const broken = sample();
    const trip = broken.schedules[0]?.trips[0];
    if (!trip) throw new Error('sample changed');
    trip.routeId = 99;
    expect(() => replaceTimetable(sqlite, broken)).toThrow('trip 98: route 99 does not exist');
    const brokenFares = sample();
    const [rule] = brokenFares.fareRules ?? [];
    if (!rule) throw new Error('sample changed');
    rule.lineId = 99;
    rule.pairs = [{ fromStopId: 1, toStopId: 404, cents: 1 }];
    expect(() => replaceTimetable(sqlite, brokenFares)).toThrow(
      'fare rule 3: line 99 does not exist; fare rule 3: stop 404 of a pair fare does not exist',
    );
    expect(await countTimetable(db)).toEqual(SAMPLE_COUNTS);
    expect(await readTimetable(db)).toEqual(sample());
    await db.destroy();
  });

  it('rolls everything back when a row fails inside the transaction, naming the row', async () => {
    const { kysely: db, sqlite } = await createTestDb();
    replaceTimetable(sqlite, sample());

    // Not reachable through the zod schema, but a caller might skip it: the database still says no.
    const badMonth = sample();
    badMonth.holidays.push({ id: 14, name: 'Nėra', month: 13, day: 1 });
    expect(() => replaceTimetable(sqlite, badMonth)).toThrow(/^holiday 14: CHECK constraint failed/);

    const badTime = sample();
    const trip = badTime.schedules[0]?.trips[1];
    if (!trip) throw new Error('sample changed');
    trip.timeList[1] = '24:00';
    expect(() => replaceTimetable(sqlite, badTime)).toThrow(
      'trip 99: time "24:00" at position 2 is not HH:MM',
    );

    expect(await readTimetable(db)).toEqual(sample());
    // The bulk write switches foreign keys off for speed; they must be back on either way.
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    await db.destroy();
  });

  it('reads an empty database as an empty dataset', async () => {
    const { kysely: db } = await createTestDb();
    const empty = await readTimetable(db);
    expect(empty).toEqual({
      format: 'bus-timetable',
      version: 1,
      stops: [],
      holidays: [],
      yearlyRules: [],
      lines: [],
      schedules: [],
    });
    expect(Object.values(await countTimetable(db)).every((n) => n === 0)).toBe(true);
    await db.destroy();
  });
});
