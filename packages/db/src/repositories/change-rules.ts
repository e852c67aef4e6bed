import type { ChangeRules, ChangeRulesSettings } from '@bus/core';
import { DEFAULT_CHANGE_MINUTES } from '@bus/core';
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { chunksOf, rowsPerInsert } from './bound-lists.ts';

/**
 * Changes between buses (issue 30): each stop's own minimum change time and the change places,
 * read and written as one set (staff edit them on one screen; the history keeps the set).
 */

/**
 * The settings as stored, of stops that exist (an import may have removed one): stops by id,
 * places by their two stops.
 */
export async function listChangeRules(db: Kysely<Database>): Promise<ChangeRulesSettings> {
  const [stops, places] = await Promise.all([
    db
      .selectFrom('stop_change_time')
      .select(['stop_id', 'minutes'])
      .where('stop_id', 'in', db.selectFrom('stop').select('id'))
      .orderBy('stop_id')
      .execute(),
    db
      .selectFrom('change_place')
      .select(['stop_a', 'stop_b', 'walk_minutes'])
      .where('stop_a', 'in', db.selectFrom('stop').select('id'))
      .where('stop_b', 'in', db.selectFrom('stop').select('id'))
      .orderBy('stop_a')
      .orderBy('stop_b')
      .execute(),
  ]);
  return {
    stopMinutes: stops.map((r) => ({ stopId: r.stop_id, minutes: r.minutes })),
    places: places.map((r) => ({ stopA: r.stop_a, stopB: r.stop_b, walkMinutes: r.walk_minutes })),
  };
}

/** Replaces the whole set (a place's two stops are stored lower id first). */
export async function writeChangeRules(db: Kysely<Database>, settings: ChangeRulesSettings): Promise<void> {
  await db.deleteFrom('stop_change_time').execute();
  await db.deleteFrom('change_place').execute();
  const minutes = settings.stopMinutes.map((s) => ({ stop_id: s.stopId, minutes: s.minutes }));
  for (const part of chunksOf(minutes, rowsPerInsert(2)))
    await db.insertInto('stop_change_time').values(part).execute();
  const places = settings.places.map((p) => ({
    stop_a: Math.min(p.stopA, p.stopB),
    stop_b: Math.max(p.stopA, p.stopB),
    walk_minutes: p.walkMinutes,
  }));
  for (const part of chunksOf(places, rowsPerInsert(3)))
    await db.insertInto('change_place').values(part).execute();
}

/** The settings as the planner takes them (of stops that exist), read synchronously through a read side's connection. */
export function changeRulesOf(sqlite: SQLite.Database): ChangeRules {
  const stops = sqlite
    .prepare('SELECT stop_id, minutes FROM stop_change_time WHERE stop_id IN (SELECT id FROM stop)')
    .raw()
    .all() as [number, number][];
  const places = sqlite
    .prepare(
      `SELECT stop_a, stop_b, walk_minutes FROM change_place
       WHERE stop_a IN (SELECT id FROM stop) AND stop_b IN (SELECT id FROM stop)`,
    )
    .raw()
    .all() as [number, number, number][];
  return {
    defaultMinutes: DEFAULT_CHANGE_MINUTES,
    stopMinutes: new Map(stops),
    places: places.map(([stopA, stopB, walkMinutes]) => ({ stopA, stopB, walkMinutes })),
  };
}
