import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest, openDatabase } from '@bus/db';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { parseEnv } from '../src/env.ts';
import { shutdown } from '../src/shutdown.ts';

/** A clean stop: requests in flight finish, then the WAL is checkpointed and the database closed. */
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function serving() {
  const folder = mkdtempSync(join(tmpdir(), 'shutdown-'));
  folders.push(folder);
  const file = join(folder, 'db.sqlite');
  const db = openDatabase(file);
  await migrateToLatest(db.kysely);
  const app = await buildApp({ db, env: parseEnv({ LOG_LEVEL: 'silent', DEMO: '0' }) });
  let finish: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let arrived: () => void = () => {};
  // Resolved once the slow request has reached its handler (a fixed wait fails on a busy machine).
  const entered = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  // A request that stays in flight until the test lets it finish.
  app.get('/test-slow', async () => {
    arrived();
    await held;
    return { done: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, db, file, finish, port, entered };
}

describe('a clean stop', () => {
  it('lets a request in flight finish, then checkpoints the WAL and closes the database', async () => {
    const { app, db, file, finish, port, entered } = await serving();
    db.sqlite.prepare("INSERT INTO holiday (name, month, day) VALUES ('Stop test', 1, 2)").run();
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(0);
    const inFlight = fetch(`http://127.0.0.1:${port}/test-slow`);
    await entered;
    const stopping = shutdown(app, db, { graceMs: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(db.sqlite.open).toBe(true);
    finish();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    expect(await stopping).toEqual({ timedOut: false });
    expect(db.sqlite.open).toBe(false);
    // Everything is in the database file itself now.
    expect(statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0).toBe(0);
    const reopened = openDatabase(file);
    expect(
      reopened.sqlite.prepare("SELECT count(*) AS n FROM holiday WHERE name = 'Stop test'").get(),
    ).toEqual({
      n: 1,
    });
    reopened.sqlite.close();
  });

  it('cuts a request that outlives the grace period, and still closes cleanly', async () => {
    const { app, db, port, entered } = await serving();
    const inFlight = fetch(`http://127.0.0.1:${port}/test-slow`).catch((error: unknown) => error);
    await entered;
    expect(await shutdown(app, db, { graceMs: 200 })).toEqual({ timedOut: true });
    expect(await inFlight).toBeInstanceOf(Error);
    expect(db.sqlite.open).toBe(false);
  });
});
