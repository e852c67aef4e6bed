import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  dataStamp,
  migrateToLatest,
  type OpenedDatabase,
  openDatabase,
  openReader,
  type ReadSnapshot,
  readSnapshot,
  readSnapshotApart,
  replaceTimetable,
} from '@bus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDefaultDataset } from '../src/import/default-dataset.ts';

/**
 * The server reads a whole new snapshot in slices, letting other work run in between, on a
 * connection of its own inside one read transaction: whatever another connection commits
 * between two slices, every slice sees the state the read began with.
 */

let folder: string;
let file: string;
let db: OpenedDatabase;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'snapshot-slices-'));
  file = join(folder, 'db.sqlite');
  db = openDatabase(file);
  await migrateToLatest(db.kysely);
  replaceTimetable(db.sqlite, await loadDefaultDataset());
});

afterAll(() => {
  db.sqlite.close();
  rmSync(folder, { recursive: true, force: true });
});

const withoutStamp = ({ stamp: _stamp, ...rest }: ReadSnapshot) => rest;

describe('a whole snapshot read in slices', () => {
  it('sees one state of the data, whatever is committed between its slices', async () => {
    const before = await readSnapshot(db);
    const other = openDatabase(file);
    const reader = openReader(file);
    let pauses = 0;
    const sliced = await readSnapshotApart(reader, () => dataStamp(db.sqlite), {
      // A pause at every look: as many slices as the read allows.
      due: () => true,
      pause: async () => {
        pauses++;
        // Another process changes what every part of the snapshot is read from.
        other.sqlite.exec(`
          UPDATE stop SET name = name || ' ${pauses}';
          UPDATE line SET name = name || ' ${pauses}';
          UPDATE schedule SET weekday_mask = 1;
          UPDATE trip SET route_dir_reversed = 1 - route_dir_reversed;
          DELETE FROM holiday;`);
        await new Promise((resolve) => setImmediate(resolve));
      },
    });
    other.sqlite.close();
    reader.sqlite.close();
    expect(pauses).toBeGreaterThan(2);
    expect(withoutStamp(sliced)).toEqual(withoutStamp(before));
    // Its stamp is the serving connection's from before the read: older than the data now.
    expect(sliced.stamp).toBe(before.stamp);
    expect(dataStamp(db.sqlite)).not.toBe(before.stamp);
    // And the data did change: read now, it is another snapshot.
    const after = await readSnapshot(db);
    const suffix = Array.from({ length: pauses }, (_, i) => i + 1).join(' ');
    expect(after.stopNames.get(1)).toBe(`${before.stopNames.get(1)} ${suffix}`);
    expect(after.holidays).toEqual([]);
  });
});
