import { addDays, type Clock, DIRECTIONS, HOME_STOP_ID } from '@bus/core';
import { type OpenedDatabase, pingDatabase } from '@bus/db';
import { publicDepartures } from './departures.ts';
import { readContext, snapshotOf } from './read-context.ts';

/** Answers only after the database has answered a query. */
export function checkHealth(db: OpenedDatabase): { status: 'ok' } {
  pingDatabase(db.sqlite);
  return { status: 'ok' };
}

/**
 * Ready means ready: before the server listens (Fastify's onReady), the read snapshot is built
 * and the departures' path runs once (the home station, today and tomorrow, both directions),
 * so the first rider after a start or a restart does not wait for the whole read (a second and
 * more at national scale) nor for the code's first run.
 */
export async function prepareServing(db: OpenedDatabase, clock: Clock): Promise<void> {
  const read = readContext(db, clock);
  // A snapshot that cannot be read is a server that cannot answer: the start fails, and says why.
  await snapshotOf(read);
  const today = read.now.date;
  try {
    for (const date of [today, addDays(today, 1)])
      for (const dir of DIRECTIONS) await publicDepartures(read, { from: HOME_STOP_ID, dir, date });
  } catch {
    // Only a warm-up: a timetable without the home station answers its own stops all the same.
  }
}
