import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Checkpoints, checkpointInBackground, startCheckpoints } from './checkpoints.ts';
import { type OpenedDatabase, openDatabase, openReader } from './connection.ts';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

function fileDb(): { file: string; db: OpenedDatabase } {
  const folder = mkdtempSync(join(tmpdir(), 'checkpoints-'));
  const file = join(folder, 'db.sqlite');
  const db = openDatabase(file);
  cleanup.push(() => rmSync(folder, { recursive: true, force: true }));
  cleanup.push(() => db.sqlite.close());
  db.sqlite.exec('CREATE TABLE t (x BLOB)');
  return { file, db };
}

const write = (db: OpenedDatabase, rows: number) => {
  const insert = db.sqlite.prepare('INSERT INTO t VALUES (randomblob(4000))');
  db.sqlite.transaction(() => {
    for (let i = 0; i < rows; i++) insert.run();
  })();
};

function checkpointsOf(file: string): Checkpoints {
  const checkpoints = startCheckpoints(file);
  cleanup.push(() => checkpoints.stop());
  return checkpoints;
}

describe('checkpoints on a thread of their own', () => {
  it('copies every committed page back, and only what no reader still needs', async () => {
    const { file, db } = fileDb();
    db.sqlite.pragma('wal_autocheckpoint = 0');
    const checkpoints = checkpointsOf(file);
    write(db, 50);
    const first = await checkpoints.run();
    expect(first.log).toBeGreaterThan(50);
    expect(first.checkpointed).toBe(first.log);

    // A reader held at the state before the next write keeps those pages from being copied.
    const reader = openReader(file);
    reader.sqlite.prepare('BEGIN').run();
    reader.sqlite.prepare('SELECT count(*) FROM t').get();
    write(db, 50);
    const held = await checkpoints.run();
    expect(held.checkpointed).toBeLessThan(held.log);
    reader.sqlite.prepare('COMMIT').run();
    reader.sqlite.close();
    const after = await checkpoints.run();
    expect(after.checkpointed).toBe(after.log);
    expect(db.sqlite.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 100 });
  });

  it('runs requests made while one runs as one more, not one each', async () => {
    const { file, db } = fileDb();
    write(db, 20);
    const checkpoints = checkpointsOf(file);
    const results = await Promise.all([checkpoints.run(), checkpoints.run(), checkpoints.run()]);
    expect(results[1]).toBe(results[2]);
    for (const r of results) expect(r.checkpointed).toBe(r.log);
  });

  it('in the background: no automatic checkpoint on the serving connection, the thread catches up', async () => {
    const { file, db } = fileDb();
    const background = checkpointInBackground(db, file, 20);
    cleanup.push(() => background.stop());
    expect(db.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    write(db, 400);
    // Once the thread has copied everything, the next write starts the WAL over from its
    // beginning (the file does not grow); while nothing is copied, each write is appended.
    let size = statSync(`${file}-wal`).size;
    let restarted = false;
    for (let i = 0; i < 200 && !restarted; i++) {
      await new Promise((r) => setTimeout(r, 30));
      write(db, 1);
      const now = statSync(`${file}-wal`).size;
      restarted = now === size;
      size = now;
    }
    expect(restarted).toBe(true);
  });
});
