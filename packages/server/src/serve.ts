import { type Clock, systemClock } from '@bus/core';
import {
  checkpointInBackground,
  migrateToLatest,
  openDatabase,
  openLiveDatabase,
  SERVER_BUSY_TIMEOUT_MS,
} from '@bus/db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { parseEnv } from './env.ts';
import { privateFiles, tightenPrivateFiles } from './file-modes.ts';
import { limitHeapGrowth } from './heap.ts';
import { scheduleBackups } from './services/backups.ts';
import { seedIfEmpty } from './services/seed.ts';
import { stopOnSignals } from './shutdown.ts';

/**
 * Starts the server as the environment says (env.ts): opens, migrates and seeds the database,
 * builds the app and listens. main.ts runs it on the system clock; the browser tests' server
 * (test/serve-at.ts) on a clock fixed at the moment they test.
 */
export async function serve(clock: Clock = systemClock): Promise<FastifyInstance> {
  // Before anything large is read (see heap.ts).
  limitHeapGrowth();
  const env = parseEnv();
  // Before the database is opened, so what was loose is logged (openDatabase tightens it too).
  const modes = tightenPrivateFiles(privateFiles({ dbPath: env.DB_PATH, backupDir: env.BACKUP_DIR }));
  const db = openDatabase(env.DB_PATH);
  await migrateToLatest(db.kysely);
  await seedIfEmpty(db);
  // While serving, a short lock wait: a write that meets an import's lock is refused with 409
  // at once instead of stalling every request (better-sqlite3 waits on the event loop).
  db.sqlite.pragma(`busy_timeout = ${SERVER_BUSY_TIMEOUT_MS}`);
  // Live buses' own file, shared by every process of the site (issue 40).
  const live = await openLiveDatabase(env.LIVE_DB_PATH);
  const app = await buildApp({ db, env, clock, live });
  app.addHook('onClose', async () => live.sqlite.close());
  // WAL checkpoints on a thread of their own, never inside a save on the event loop (a save after
  // an import would otherwise copy the import's pages back while every visitor waits).
  if (env.DB_PATH !== ':memory:') {
    const checkpoints = checkpointInBackground(db, env.DB_PATH);
    app.addHook('onClose', () => checkpoints.stop());
  }
  // The live file too: 300 buses' reports fill a thousand pages of its log every few seconds,
  // and the automatic checkpoint would copy them back inside a report, on the event loop.
  if (env.LIVE_DB_PATH !== ':memory:') {
    const checkpoints = checkpointInBackground(live, env.LIVE_DB_PATH);
    app.addHook('onClose', () => checkpoints.stop());
  }
  if (modes.tightened.length > 0)
    app.log.warn({ files: modes.tightened }, 'others could read these files: made them private (mode 0600)');
  if (modes.notPermitted.length > 0)
    app.log.warn(
      { files: modes.notPermitted },
      'others can read these files and they are not ours to change: make them private (chmod 600)',
    );

  stopOnSignals(app, db);
  if (env.BACKUP_DIR !== undefined && env.DB_PATH !== ':memory:') {
    const stopBackups = scheduleBackups(db, {
      dir: env.BACKUP_DIR,
      keep: env.BACKUP_KEEP,
      log: app.log,
      clock,
    });
    // A stop (SIGTERM) waits for a backup in progress before the database is closed.
    app.addHook('onClose', stopBackups);
  }

  await app.listen({ port: env.PORT, host: env.HOST });
  return app;
}
