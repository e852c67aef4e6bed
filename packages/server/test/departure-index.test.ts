import { type Direction, HOME_STOP_ID, serviceDayContext, tripSelectionFilter } from '@bus/core';
import { dataStamp, findDepartureCandidates, findDepartureCandidatesPlain, readTimetable } from '@bus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentSnapshot } from '../src/public-read/generation.ts';
import { type AdminTestApp, adminApp, adminClient, versionNow } from './admin-helpers.ts';
import { fixedClock } from './helpers.ts';

/**
 * The departures index answers exactly what the plain query over the timetable answers: for
 * every stop, direction and a spread of dates on the real data, and again after admin saves
 * that change schedules, routes and lines (the index is kept in step line by line).
 */

const DATES = [
  '2026-03-04',
  '2026-03-07',
  '2026-03-08',
  '2026-04-06',
  '2026-07-15',
  '2026-12-04',
  '2026-12-25',
];

let t: AdminTestApp;
beforeAll(async () => {
  t = await adminApp({ clock: fixedClock('2026-03-04T07:30:00Z') });
});
afterAll(() => t.app.close());

/** Both paths over every stop, date and selection; returns how many candidates were compared. */
async function compareAll(): Promise<number> {
  const snapshot = await currentSnapshot(t.db);
  // The packed path is taken only with the facts of the current data (else it falls back).
  expect(snapshot.trips).not.toBeNull();
  expect(snapshot.stamp).toBe(dataStamp(t.db.sqlite));
  const dataset = await readTimetable(t.db.kysely);
  const destinations = [null, 4, 37];
  let compared = 0;
  for (const date of DATES) {
    const day = serviceDayContext(date, snapshot.rules, snapshot.holidays);
    for (const stop of dataset.stops) {
      for (const dir of ['Out bound', 'City bound'] as Direction[]) {
        for (const to of stop.id === HOME_STOP_ID ? destinations : [null]) {
          const filter = {
            stopId: stop.id,
            date,
            weekdayBit: day.weekdayBit,
            isHoliday: day.isHoliday,
            activeRuleIds: day.activeRuleIds,
            ...tripSelectionFilter({ from: stop.id, to, dir }),
          };
          const key = (c: { tripId: number; travelIndex: number }) => `${c.tripId}:${c.travelIndex}`;
          const sort = <T extends { tripId: number; travelIndex: number }>(list: T[]) =>
            [...list].sort((a, b) => (key(a) < key(b) ? -1 : 1));
          const indexed = sort(findDepartureCandidates(t.db.sqlite, filter, snapshot.lines));
          const packed = sort(findDepartureCandidates(t.db.sqlite, filter, snapshot.lines, snapshot));
          const plain = sort(findDepartureCandidatesPlain(t.db.sqlite, filter, snapshot.lines));
          expect(indexed, `stop ${stop.id} ${dir} to ${to} on ${date}`).toEqual(plain);
          expect(packed, `packed: stop ${stop.id} ${dir} to ${to} on ${date}`).toEqual(plain);
          // A rule id past the bit mask's reach (62) takes the IN list; one no schedule has changes nothing.
          const wide = { ...filter, activeRuleIds: [...filter.activeRuleIds, 1000] };
          expect(
            sort(findDepartureCandidates(t.db.sqlite, wide, snapshot.lines, snapshot)),
            `rules as a list: stop ${stop.id} ${dir} to ${to} on ${date}`,
          ).toEqual(plain);
          compared += plain.length;
        }
      }
    }
  }
  return compared;
}

describe('the departures index', () => {
  it('answers what the plain query answers, on the real data', async () => {
    expect(await compareAll()).toBeGreaterThan(4_000);
  });

  it('follows admin saves of schedules, routes and lines', async () => {
    const admin = adminClient(t.app, t.adminToken);
    // A schedule of line 1 moved to Saturdays and Sundays only, and one trip's times shifted.
    const schedules = (
      await admin.query<{ schedules: Record<string, unknown>[]; version: number }>('admin.schedules.byLine', {
        lineId: 1,
      })
    ).data;
    const [first, ...rest] = schedules.schedules as {
      runsOnWeekly: string[];
      trips: { timeList: (string | null)[] }[];
    }[];
    if (!first) throw new Error('line 1 has no schedules');
    first.runsOnWeekly = ['SATURDAY', 'SUNDAY'];
    const trip = first.trips[0];
    if (trip) trip.timeList = trip.timeList.map((time) => (time === null ? null : time.replace(/^0/, '1')));
    const saved = await admin.mutate('admin.schedules.saveList', {
      lineId: 1,
      schedules: [first, ...rest],
      baseVersion: schedules.version,
    });
    expect(saved.status, saved.message).toBe(200);
    await compareAll();

    // A route of line 2 loses a middle stop (its schedules' times follow the route editor's rule).
    const line = (
      await admin.query<{
        info: unknown;
        routes: {
          id: number;
          routeNotes: string;
          stopsArr: { id: number }[];
          distanceMetersList: (number | null)[];
        }[];
        version: number;
      }>('admin.lines.getFull', { id: 2 })
    ).data;
    const route = line.routes[0];
    if (!route) throw new Error('line 2 has no routes');
    route.stopsArr = route.stopsArr.filter((_, i) => i !== 1);
    route.distanceMetersList = route.distanceMetersList.slice(1);
    const lineSaved = await admin.mutate('admin.lines.saveFull', {
      info: line.info,
      routes: line.routes,
      baseVersion: line.version,
    });
    expect(lineSaved.status, lineSaved.message).toBe(200);
    await compareAll();

    // Line 3 deleted with its schedules.
    const deleted = await admin.mutate('admin.lines.delete', {
      id: 3,
      baseVersion: await versionNow(t, { kind: 'line', lineId: 3 }),
    });
    expect(deleted.status, deleted.message).toBe(200);
    const rows = t.db.sqlite.prepare('SELECT count(*) FROM departure_visit WHERE line_id = 3').pluck().get();
    expect(rows).toBe(0);
    await compareAll();
  });
});
