import {
  assembleDepartures,
  BOUND_FOR,
  type DepartureSelection,
  DIRECTIONS,
  serviceDayContext,
  type TimetableDataset,
  tripSelectionFilter,
} from '@bus/core';
import { staticRule } from '@bus/core/test-rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type OpenedDatabase } from '../connection.ts';
import { type ReadSnapshot, readSnapshot } from '../read-snapshot/snapshot.ts';
import { replaceTimetable } from './dataset.ts';
import { findDepartureCandidates } from './departures.ts';

type DatasetTrip = TimetableDataset['schedules'][number]['trips'][number];

/** Routes as drawn, per line: out of town, a loop through stop 1 twice, ending at 1, through 1. */
const ROUTES: Record<number, { lineId: number; stopIds: number[] }> = {
  10: { lineId: 2, stopIds: [1, 2, 3, 4, 5] },
  11: { lineId: 1, stopIds: [1, 2, 3, 1, 4] },
  12: { lineId: 2, stopIds: [2, 3, 1] },
  13: { lineId: 1, stopIds: [5, 4, 1, 2] },
  14: { lineId: 3, stopIds: [6, 1, 3, 5] },
};

/**
 * Every route driven both ways under every boundFor, by schedules of three weekday/holiday
 * kinds; some stop times missing. Lines: 1 city bus, 2 regional, 3 national.
 */
function dataset(): TimetableDataset {
  let tripId = 100;
  const schedules: TimetableDataset['schedules'] = [];
  const kinds = [
    { runsOnWeekly: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'], runsOnPublicHolidays: false },
    { runsOnWeekly: ['FRIDAY', 'SATURDAY', 'SUNDAY'], runsOnPublicHolidays: true },
    { runsOnWeekly: ['MONDAY', 'SATURDAY'], runsOnPublicHolidays: false },
  ] as const;
  for (const lineId of [1, 2, 3]) {
    kinds.forEach((kind, k) => {
      const trips: DatasetTrip[] = [];
      for (const [id, route] of Object.entries(ROUTES)) {
        if (route.lineId !== lineId) continue;
        for (const boundFor of BOUND_FOR) {
          for (const routeDirReversed of [false, true]) {
            tripId++;
            const timeList = route.stopIds.map((_, i) =>
              // Every seventh stop time unknown.
              (tripId + i) % 7 === 0
                ? null
                : `${String(6 + k).padStart(2, '0')}:${String(10 + i * 5).padStart(2, '0')}`,
            );
            trips.push({ id: tripId, boundFor, routeId: Number(id), routeDirReversed, timeList });
          }
        }
      }
      schedules.push({
        id: lineId * 10 + k,
        lineId,
        runsOnWeekly: [...kind.runsOnWeekly],
        runsOnYearlyId: 1,
        runsOnPublicHolidays: kind.runsOnPublicHolidays,
        timeConstraintsDescription: null,
        trips,
      });
    });
  }
  const line = (id: number, name: string, routeType: 'City Bus' | 'Regional Bus' | 'Nationial Bus') => ({
    id,
    name,
    routeStart: null,
    routeEnd: null,
    routeType,
    operator: null,
    anykStationPlatform: null,
    price: null,
    via: null,
    enabledSeasonalYearlyRuleFilter: false,
    customNotes: [],
    routes: Object.entries(ROUTES)
      .filter(([, r]) => r.lineId === id)
      .map(([routeId, r]) => ({
        id: Number(routeId),
        routeNotes: null,
        stopIds: r.stopIds,
        distanceMeters: r.stopIds.slice(1).map(() => null),
      })),
  });
  return {
    format: 'bus-timetable',
    version: 1,
    stops: [1, 2, 3, 4, 5, 6].map((id) => ({ id, name: `Stop ${id}`, coords: null, defaultOption: false })),
    holidays: [{ id: 1, name: 'Kalėdos', month: 12, day: 25 }],
    yearlyRules: [{ ...staticRule(1), periodName: 'Visus metus' }],
    lines: [
      line(1, 'Miesto 1', 'City Bus'),
      line(2, 'Regioninis', 'Regional Bus'),
      line(3, 'Tolimas', 'Nationial Bus'),
    ],
    schedules,
  };
}

describe('findDepartureCandidates: the SQL prefilter agrees with assembleDepartures', () => {
  let db: OpenedDatabase;
  let snapshot: ReadSnapshot;
  beforeAll(async () => {
    db = await createTestDb();
    replaceTimetable(db.sqlite, dataset());
    snapshot = await readSnapshot(db);
  });

  // A Monday, a Saturday, a public holiday (a Friday: only the schedules that run on holidays).
  it.each(['2026-03-02', '2026-03-07', '2026-12-25'])(
    'on %s: for every stop, direction and destination, it sends exactly the visits that make items',
    (date) => {
      const lookup = {
        stopIds: (id: number) => snapshot.routeStops.get(id),
        stopName: (id: number) => snapshot.stopNames.get(id) ?? '',
      };
      const day = serviceDayContext(date, snapshot.rules, snapshot.holidays);
      const dayFilter = {
        date,
        weekdayBit: day.weekdayBit,
        isHoliday: day.isHoliday,
        activeRuleIds: day.activeRuleIds,
      };
      const now = { date, minutes: 7 * 60 + 20 };
      let items = 0;
      for (const from of [1, 2, 3, 4, 5, 6]) {
        const all = findDepartureCandidates(
          db.sqlite,
          { stopId: from, ...dayFilter, boundFor: BOUND_FOR, lineType: 'any', destination: null },
          snapshot.lines,
        );
        for (const dir of DIRECTIONS) {
          for (const to of [null, 1, 2, 3, 4, 5, 6]) {
            const q: DepartureSelection & { date: string } = { from, to, dir, date };
            const filtered = findDepartureCandidates(
              db.sqlite,
              { stopId: from, ...dayFilter, ...tripSelectionFilter(q) },
              snapshot.lines,
            );
            const expected = assembleDepartures(q, now, all, lookup);
            expect(filtered).toHaveLength(expected.length);
            expect(assembleDepartures(q, now, filtered, lookup)).toEqual(expected);
            items += expected.length;
          }
        }
      }
      expect(items).toBeGreaterThan(100);
    },
  );

  it('finds nothing when no yearly rule is active or no boundFor is allowed', () => {
    const base = {
      stopId: 1,
      date: '2026-03-02',
      weekdayBit: 1,
      isHoliday: false,
      lineType: 'any',
      destination: null,
    } as const;
    expect(
      findDepartureCandidates(db.sqlite, { ...base, activeRuleIds: [], boundFor: BOUND_FOR }, snapshot.lines),
    ).toEqual([]);
    expect(
      findDepartureCandidates(db.sqlite, { ...base, activeRuleIds: [1], boundFor: [] }, snapshot.lines),
    ).toEqual([]);
    expect(
      findDepartureCandidates(db.sqlite, { ...base, activeRuleIds: [1], boundFor: BOUND_FOR }, snapshot.lines)
        .length,
    ).toBeGreaterThan(0);
  });
});
