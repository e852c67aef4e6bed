import { describe, expect, it } from 'vitest';
import { createTestDb } from '../connection.ts';
import { remapRouteTripTimes, routeStopIds } from './trip-times.ts';

async function fixture() {
  const opened = await createTestDb();
  opened.sqlite.exec(`
    INSERT INTO stop (id, name, default_option, name_folded, name_sort) VALUES
      (1, 'A', 1, 'a', 'a'), (2, 'B', 0, 'b', 'b'), (3, 'C', 0, 'c', 'c'), (4, 'D', 0, 'd', 'd'), (9, 'N', 0, 'n', 'n');
    INSERT INTO yearly_rule (id, period_name) VALUES (1, 'Visus metus');
    INSERT INTO line (id, name, route_type) VALUES (35, 'M35', 'Regional Bus');
    INSERT INTO route (id, line_id, stop_count) VALUES (40, 35, 4), (41, 35, 2);
    INSERT INTO route_stop (route_id, seq, stop_id) VALUES (40, 0, 1), (40, 1, 2), (40, 2, 3), (40, 3, 4), (41, 0, 1), (41, 1, 4);
    INSERT INTO schedule (id, line_id, rule_id, weekday_mask, runs_on_public_holidays) VALUES (70, 35, 1, 31, 0), (71, 35, 1, 31, 0);
    INSERT INTO trip (id, schedule_id, route_id, bound_for, route_dir_reversed) VALUES
      (130, 70, 40, 'Out bound', 0), (131, 70, 40, 'City bound', 1), (140, 71, 41, 'One way', 0);
    INSERT INTO trip_time (trip_id, seq, minute) VALUES
      (130, 0, 390), (130, 1, 400), (130, 2, 406), (130, 3, 412),
      (131, 0, 600), (131, 1, 606), (131, 2, 612), (131, 3, 620),
      (140, 0, 700), (140, 1, 720);
  `);
  return opened;
}

const timesOf = (sqlite: import('better-sqlite3').Database, tripId: number) =>
  (
    sqlite.prepare('SELECT minute FROM trip_time WHERE trip_id = ? ORDER BY seq').all(tripId) as {
      minute: number | null;
    }[]
  ).map((r) => r.minute);

describe('remapRouteTripTimes', () => {
  it.each([
    {
      name: 'a stop inserted after the 3rd: both directions keep every time at its stop',
      next: [1, 2, 3, 9, 4],
      out: [390, 400, 406, null, 412],
      back: [600, null, 606, 612, 620],
    },
    {
      name: 'the 2nd stop removed: its time goes, the others stay',
      next: [1, 3, 4],
      out: [390, 406, 412],
      back: [600, 606, 620],
    },
    {
      name: 'two stops swapped',
      next: [1, 3, 2, 4],
      out: [390, 406, 400, 412],
      back: [600, 612, 606, 620],
    },
  ])('$name', async ({ next, out, back }) => {
    const { kysely, sqlite } = await fixture();
    expect(await remapRouteTripTimes(kysely, 40, [1, 2, 3, 4], next)).toEqual([70]);
    expect(timesOf(sqlite, 130)).toEqual(out);
    expect(timesOf(sqlite, 131)).toEqual(back);
    // Another route's trips are untouched.
    expect(timesOf(sqlite, 140)).toEqual([700, 720]);
    await kysely.destroy();
  });

  it('changes nothing (and reports no schedule) when the stops are the same', async () => {
    const { kysely, sqlite } = await fixture();
    expect(await remapRouteTripTimes(kysely, 40, [1, 2, 3, 4], [1, 2, 3, 4])).toEqual([]);
    expect(timesOf(sqlite, 130)).toEqual([390, 400, 406, 412]);
    await kysely.destroy();
  });

  it('reads the stops of routes in drawn order', async () => {
    const { kysely } = await fixture();
    expect(await routeStopIds(kysely, [40, 41])).toEqual(
      new Map([
        [40, [1, 2, 3, 4]],
        [41, [1, 4]],
      ]),
    );
    await kysely.destroy();
  });
});
