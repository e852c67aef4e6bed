import {
  EMPTY_PUBLISHING_SETTINGS,
  FEED_WINDOW_DAYS,
  type OperatorContact,
  type Position,
  type PublishingSettings,
} from '@bus/core';
import type SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.ts';
import { TIMETABLE_IMPORTED_AT } from './dataset.ts';

/** app_meta keys of the publishing settings (JSON) and of when they were last saved (ISO instant). */
const SETTINGS_KEY = 'publishing';
const SAVED_AT_KEY = 'publishing_saved_at';

export interface StoredPublishingSettings {
  settings: PublishingSettings;
  /** When they were last saved (ISO instant); null: never. Also the version a save starts from. */
  savedAt: string | null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The stored JSON read leniently: what a later version adds or an older one lacks takes its default. */
function parseSettings(json: string | undefined): PublishingSettings {
  if (json === undefined) return EMPTY_PUBLISHING_SETTINGS;
  const raw = JSON.parse(json) as Record<string, unknown>;
  const operators = Array.isArray(raw.operators) ? (raw.operators as Record<string, unknown>[]) : [];
  const windowDays = Number(raw.windowDays);
  return {
    siteUrl: text(raw.siteUrl),
    publisherName: text(raw.publisherName),
    publisherContact: text(raw.publisherContact),
    operators: operators
      .filter((o) => typeof o.name === 'string')
      .map((o): OperatorContact => ({ name: o.name as string, url: text(o.url), phone: text(o.phone) })),
    windowDays:
      Number.isInteger(windowDays) && windowDays >= FEED_WINDOW_DAYS.min && windowDays <= FEED_WINDOW_DAYS.max
        ? windowDays
        : FEED_WINDOW_DAYS.default,
  };
}

async function meta(db: Kysely<Database>, key: string): Promise<string | undefined> {
  return (await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst())?.value;
}

async function putMeta(db: Kysely<Database>, key: string, value: string): Promise<void> {
  await db
    .insertInto('app_meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** When the settings were last saved ('' for never), read at once: part of the feed's cache key. */
export function publishingSavedAt(sqlite: SQLite.Database): string {
  const row = sqlite.prepare('SELECT value FROM app_meta WHERE key = ?').pluck().get(SAVED_AT_KEY);
  return typeof row === 'string' ? row : '';
}

export async function getPublishingSettings(db: Kysely<Database>): Promise<StoredPublishingSettings> {
  const [json, savedAt] = await Promise.all([meta(db, SETTINGS_KEY), meta(db, SAVED_AT_KEY)]);
  return { settings: parseSettings(json), savedAt: savedAt ?? null };
}

/** Writes the settings and their save time; the caller runs it in its transaction. */
export async function putPublishingSettings(
  db: Kysely<Database>,
  settings: PublishingSettings,
  savedAt: string,
): Promise<void> {
  await putMeta(db, SETTINGS_KEY, JSON.stringify(settings));
  await putMeta(db, SAVED_AT_KEY, savedAt);
}

/**
 * When what the feed says last changed (ISO instant): the newest admin change, import or
 * publishing save; null for a database none of these ever touched.
 */
export async function feedDataChangedAt(db: Kysely<Database>): Promise<string | null> {
  const [latest, imported, saved] = await Promise.all([
    db.selectFrom('change_log').select(sql<string | null>`max(at)`.as('at')).executeTakeFirst(),
    meta(db, TIMETABLE_IMPORTED_AT),
    meta(db, SAVED_AT_KEY),
  ]);
  const times = [latest?.at, imported, saved].filter((t): t is string => typeof t === 'string');
  // ISO instants of one form sort as text.
  return times.length === 0 ? null : (times.sort().at(-1) ?? null);
}

/** One line of a positions file, already checked. */
export interface StopPositionEntry {
  stopId: number;
  position: Position;
}

/**
 * Sets the positions; the caller runs it in its transaction, so a missing stop (which throws)
 * leaves every position as it was.
 */
export async function setStopPositions(
  db: Kysely<Database>,
  entries: readonly StopPositionEntry[],
): Promise<void> {
  for (const { stopId, position } of entries) {
    const result = await db
      .updateTable('stop')
      .set({ lat: position.lat, lon: position.lon })
      .where('id', '=', stopId)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw new Error(`stop ${stopId} does not exist`);
  }
}
