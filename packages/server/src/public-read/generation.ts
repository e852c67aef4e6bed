import { prepareSearchIndex } from '@bus/core';
import {
  beginRead,
  dataBasis,
  dataStamp,
  dataVersion,
  importInProgress,
  type OpenedDatabase,
  openReader,
  type ReadSnapshot,
  readSnapshot,
  readSnapshotApart,
  refreshPlan,
  refreshSnapshot,
  type Slicing,
} from '@bus/db';
import {
  ANSWERS,
  boundedCache,
  DAY_CHANGES,
  FEEDS,
  SERVICE_DAYS,
  type SerializedAnswers,
} from './kept-answers.ts';

/**
 * The data generation: what the public answers are worked out from and kept for.
 *
 * Never stale: all that is kept for a database belongs to one generation, named by the
 * database's change stamp (dataStamp from @bus/db: `PRAGMA data_version` + `total_changes()`,
 * which moves on every write by this process or another one). A request reads the stamp once
 * (read-context.ts) and, when it has moved, the whole generation (read snapshot, service days,
 * answers, serialized answers) is dropped at once. Work that overlaps a write stores into the
 * generation it started in, which is never read again, so nothing computed under an older stamp
 * is served. One exception, whole and on purpose: right after an import's commit the
 * generation from before it goes on answering, all of it from the old data and under the old
 * data's tag, while the new snapshot is read in slices (see Serving).
 */

type Connection = OpenedDatabase['sqlite'];

/** What is kept for one database while its change stamp stays the same. */
export class Generation {
  snapshot: Promise<ReadSnapshot> | undefined;
  readonly serviceDays = boundedCache(SERVICE_DAYS);
  readonly dayChanges = boundedCache(DAY_CHANGES);
  readonly answers = boundedCache(ANSWERS);
  readonly feeds = boundedCache(FEEDS);
  /** Feeds being written now, which requests missing them meanwhile wait for (see keptFeed). */
  readonly feedBuilds = new Map<string, Promise<string>>();
  /** Serialized answers of one minute: a new minute starts an empty cache. */
  serialized: { minute: number; answers: SerializedAnswers } | undefined;

  /** dataVersion of the file, read once per generation (see tagOf). */
  version: string | undefined;

  /**
   * The connection the SQL that goes with this generation's snapshot reads through: the
   * database's own, or, while an import runs, a connection held at this generation's state
   * (holdDuringImport), so that after the import's commit this generation still answers
   * wholly from the data before it until the new snapshot is ready.
   */
  reader: Connection;

  constructor(
    readonly stamp: string,
    reader: Connection,
  ) {
    this.reader = reader;
  }

  /** Whether `reader` is held at the snapshot's very state (no other connection's commit can show). */
  get held(): boolean {
    return this.reader.readonly;
  }
}

/**
 * What a serving process keeps for one database (its serving connection): the generation it
 * answers from, the newest snapshot loaded (the next one is worked out from it), the one whole
 * read under way, and the connection held while an import runs.
 *
 * A whole read (after an import or a restore, or the first one) never stalls the event loop:
 * it runs in slices of a few milliseconds on a read-only connection of its own, inside one
 * read transaction (readSnapshotApart), and the new snapshot is swapped in whole when it is
 * ready. Only one runs at a time; what changed while it ran is caught up with afterwards, from
 * it (the newest data wins, the states in between are skipped). Meanwhile:
 * - after an import (which marks itself: importInProgress), the generation from before its
 *   commit answers, with its snapshot, its kept answers and its entity tag, and its SQL reads
 *   through a connection held at that state since the import began: old answers, whole and
 *   consistent, under the old data's tag, never under the new one;
 * - otherwise (a restore, a burst of saves by another process) requests that need the snapshot
 *   wait for it, as they always did, but the event loop keeps serving everything else.
 */
interface Serving {
  current: Generation | undefined;
  last: ReadSnapshot | undefined;
  whole: Promise<ReadSnapshot> | undefined;
  held: { generation: Generation; reader: OpenedDatabase } | undefined;
  /** How a whole read lets others run between its slices (tests slow it down: pauseWholeReadsWith). */
  pause: () => Promise<void>;
  /** How many whole reads were started (wholeReadsStarted). */
  wholeReads: number;
}

/** One per database handle (tests open many), collected with the handle. */
const servings = new WeakMap<OpenedDatabase['sqlite'], Serving>();

function servingOf(db: OpenedDatabase): Serving {
  let serving = servings.get(db.sqlite);
  if (serving === undefined) {
    serving = {
      current: undefined,
      last: undefined,
      whole: undefined,
      held: undefined,
      pause: nextTurn,
      wholeReads: 0,
    };
    servings.set(db.sqlite, serving);
  }
  return serving;
}

/** Lets timers, I/O and the requests that arrived meanwhile run (setImmediate: after I/O callbacks). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A whole read's slice runs at most about this long before it lets others run. */
const SLICE_MS = 5;

/**
 * How long a released held connection stays open: a request that began on the old generation
 * just before the swap may still be reading through it.
 */
const HELD_GRACE_MS = 1000;

/**
 * Tests: how a whole read pauses between its slices (to keep one under way while they ask).
 * `pause` resolving lets it go on; nextTurn is the default.
 */
export function pauseWholeReadsWith(db: OpenedDatabase, pause: (() => Promise<void>) | null): void {
  servingOf(db).pause = pause ?? nextTurn;
}

/** Whether a whole snapshot read is under way for the database (see Serving). */
export function wholeReadUnderway(db: OpenedDatabase): boolean {
  return servings.get(db.sqlite)?.whole !== undefined;
}

/** How many whole snapshot reads were started for the database (one at a time, never piled up). */
export function wholeReadsStarted(db: OpenedDatabase): number {
  return servings.get(db.sqlite)?.wholeReads ?? 0;
}

/** The database's current generation: a new, empty one whenever its stamp has moved (see Serving). */
export function currentGeneration(db: OpenedDatabase): Generation {
  const stamp = dataStamp(db.sqlite);
  const serving = servingOf(db);
  const current = serving.current;
  if (current?.stamp === stamp) return current;
  if (current !== undefined && serving.held?.generation === current) {
    // An import committed (or another write came): while the new snapshot is read whole, the
    // held generation answers.
    if (
      serving.whole !== undefined ||
      (serving.last !== undefined && refreshPlan(db.sqlite, serving.last) === 'whole')
    ) {
      startWholeRead(db, serving);
      return current;
    }
    release(serving);
  }
  const generation = new Generation(stamp, db.sqlite);
  serving.current = generation;
  return generation;
}

/**
 * The generation's read snapshot, loaded once (concurrent callers share the load): the last
 * one brought up to date with what the history says changed (refreshSnapshot), or read whole.
 */
export function generationSnapshot(db: OpenedDatabase, generation: Generation): Promise<ReadSnapshot> {
  if (generation.snapshot === undefined) {
    const serving = servingOf(db);
    const loading = load(db, serving);
    generation.snapshot = loading;
    loading.then(
      (snapshot) => holdDuringImport(db, serving, generation, snapshot),
      // A failed load is not kept: the next caller tries again.
      () => {
        if (generation.snapshot === loading) generation.snapshot = undefined;
      },
    );
  }
  return generation.snapshot;
}

async function load(db: OpenedDatabase, serving: Serving): Promise<ReadSnapshot> {
  for (;;) {
    // One whole read at a time: what else has changed is caught up with from its result.
    if (serving.whole !== undefined) {
      await serving.whole.catch(() => undefined);
      continue;
    }
    const last = serving.last;
    if (last === undefined || refreshPlan(db.sqlite, last) === 'whole') {
      await startWholeRead(db, serving);
      continue;
    }
    // What the history says changed (a few milliseconds), on the serving connection.
    const snapshot = await refreshSnapshot(db, last);
    serving.last = snapshot;
    return snapshot;
  }
}

/** The one whole read, started unless one is under way; swapped in whole when it is ready. */
function startWholeRead(db: OpenedDatabase, serving: Serving): Promise<ReadSnapshot> {
  if (serving.whole !== undefined) return serving.whole;
  serving.wholeReads++;
  const whole = readWhole(db, serving).then(
    (snapshot) => {
      serving.whole = undefined;
      serving.last = snapshot;
      const held = serving.held;
      if (held !== undefined && serving.current === held.generation) {
        const generation = new Generation(snapshot.stamp, db.sqlite);
        generation.snapshot = whole;
        serving.current = generation;
        release(serving);
        holdDuringImport(db, serving, generation, snapshot);
      }
      return snapshot;
    },
    (error: unknown) => {
      serving.whole = undefined;
      // The held generation answers no longer: the next request reads again, and meets the error.
      if (serving.held !== undefined && serving.current === serving.held.generation)
        serving.current = undefined;
      release(serving);
      throw error;
    },
  );
  serving.whole = whole;
  whole.catch(() => undefined);
  return whole;
}

async function readWhole(db: OpenedDatabase, serving: Serving): Promise<ReadSnapshot> {
  // Nothing else can write an in-memory database (tests): read on its own connection, at once.
  if (db.sqlite.memory) return readSnapshot(db);
  const reader = openReader(db.sqlite.name);
  try {
    let sliceStart = performance.now();
    const slicing: Slicing = {
      // A pause set by a test (pauseWholeReadsWith) holds the read at every slice, however
      // fast the machine reads: a warm process reads a town's snapshot within one slice.
      due: () => serving.pause !== nextTurn || performance.now() - sliceStart > SLICE_MS,
      pause: async () => {
        await serving.pause();
        sliceStart = performance.now();
      },
    };
    const snapshot = await readSnapshotApart(reader, () => dataStamp(db.sqlite), slicing);
    // The stop search's index, in slices too, before the first search needs it.
    await prepareSearchIndex(snapshot.stopsSorted, slicing);
    return snapshot;
  } finally {
    reader.sqlite.close();
  }
}

/**
 * While an import runs (another process holds the write lock: importInProgress), a connection
 * is held at the state the generation's snapshot was loaded from, and the generation's SQL
 * reads through it: when the import commits, the generation keeps answering the data before it
 * (see currentGeneration) until the new snapshot is read. Nothing is held otherwise: a held read
 * keeps SQLite from checkpointing the writes after it.
 */
function holdDuringImport(
  db: OpenedDatabase,
  serving: Serving,
  generation: Generation,
  snapshot: ReadSnapshot,
) {
  if (db.sqlite.memory || serving.held !== undefined || serving.current !== generation) return;
  if (serving.whole !== undefined || dataStamp(db.sqlite) !== generation.stamp) return;
  if (!importInProgress(db.sqlite)) return;
  let reader: OpenedDatabase | undefined;
  try {
    reader = openReader(db.sqlite.name);
    beginRead(reader);
    const basis = dataBasis(reader.sqlite);
    const same =
      basis.changeId === snapshot.basis.changeId &&
      basis.imported === snapshot.basis.imported &&
      basis.restored === snapshot.basis.restored;
    if (!same) {
      reader.sqlite.close();
      return;
    }
    // The tag it answers under, of that state, read before anything can be answered from it.
    generation.version ??= dataVersion(reader.sqlite);
    generation.reader = reader.sqlite;
    serving.held = { generation, reader };
  } catch {
    // Not held: after the import's commit, requests wait for the new snapshot instead.
    reader?.sqlite.close();
  }
}

function release(serving: Serving): void {
  const held = serving.held;
  if (held === undefined) return;
  serving.held = undefined;
  setTimeout(() => held.reader.sqlite.close(), HELD_GRACE_MS).unref();
}

/** Closes what the database's serving state holds open (the server's close). */
export function closeServing(db: OpenedDatabase): void {
  const held = servings.get(db.sqlite)?.held;
  if (held === undefined) return;
  (servings.get(db.sqlite) as Serving).held = undefined;
  held.reader.sqlite.close();
}

/**
 * Follows the write side's commits on `db` (subscribe: services/admin/recorded-write.ts
 * onCommitted, handed in by whoever joins the two sides: app.ts through the read plugin, the
 * benchmark): after each, the kept snapshot is brought up to date at once
 * (refreshKeptSnapshot). Answers the unsubscribe.
 */
export function followCommits(
  db: OpenedDatabase,
  subscribe: (listener: (committed: OpenedDatabase) => Promise<void> | void) => () => void,
): () => void {
  return subscribe((committed) => (committed.sqlite === db.sqlite ? refreshKeptSnapshot(db) : undefined));
}

/**
 * After a save: the snapshot brought up to date at once, where one is kept (a serving
 * process), so the first visitor after the save does not wait for it; a command-line process
 * that never read one does not start now. A whole read (after an import or a restore) is not
 * waited for: the save is done and answered.
 */
export async function refreshKeptSnapshot(db: OpenedDatabase): Promise<void> {
  const serving = servings.get(db.sqlite);
  if (serving?.last === undefined) return;
  const loading = generationSnapshot(db, currentGeneration(db));
  if (serving.whole !== undefined) {
    loading.catch(() => undefined);
    return;
  }
  await loading;
}

/**
 * The read snapshot of the data as it is now (routes, stop names, lines, rules, holidays): for
 * answers that also read the database themselves, so the two must agree. Right after an import
 * it waits for the new snapshot.
 */
export async function currentSnapshot(db: OpenedDatabase): Promise<ReadSnapshot> {
  for (;;) {
    const generation = currentGeneration(db);
    const whole = servingOf(db).whole;
    if (!generation.held || whole === undefined || generation.stamp === dataStamp(db.sqlite))
      return generationSnapshot(db, generation);
    await whole.catch(() => undefined);
  }
}
