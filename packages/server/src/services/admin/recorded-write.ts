import {
  type ChangeSubject,
  type Clock,
  DomainError,
  serverMessage,
  UNVERSIONED,
  vilniusNow,
} from '@bus/core';
import {
  type ChangeKind,
  type Db,
  importInProgress,
  latestChange,
  latestChangeIds,
  type NewChange,
  type OpenedDatabase,
  rebuildLineDepartures,
  recordChanges,
  type VersionScope,
} from '@bus/db';

/**
 * The one way every admin write happens (safe editing): in one transaction it
 *   1. refuses a save made from an older version than the stored one (CONFLICT, nothing written),
 *   2. reads the state of everything the write may touch,
 *   3. writes,
 *   4. reads those states again and records each thing that changed in the history, with its
 *      state before and after.
 * The newest history entry of an editor's scope is the version it loaded and saves against.
 * Every tRPC save and delete sends one (core's BaseVersion). The old REST paths have none and
 * say so (UNVERSIONED): their saves are recorded, and checked otherwise where they can be (the
 * three whole-list saves refuse stale copies, services/admin/stale-copies.ts).
 */

/** Who writes, and through which door. */
export interface Actor {
  username: string;
  via: 'admin' | 'rest';
  clock: Clock;
}

/** One thing's state as the history keeps it. */
export interface EntityState {
  kind: ChangeKind;
  /** null for the yearly rules (one set). */
  entityId: number | null;
  lineId: number | null;
  /** One line for the history list: 'Line M35', 'Schedule 70 (M35)'. */
  summary: string;
  state: unknown;
}

export interface RecordedWrite<R> {
  /** Which entries make the editor's version (result: undefined before the write, e.g. for a new id). */
  scope: VersionScope | ((result: R | undefined) => VersionScope);
  /**
   * The version the editor loaded. UNVERSIONED: not checked (the old REST paths, which have
   * none; a new thing, which has none yet; the command line; a restore, which checks its own).
   */
  baseVersion: number | typeof UNVERSIONED;
  /** What the editor shows, for the conflict message ('Line M35'). */
  what: (trx: Db) => Promise<ChangeSubject>;
  /** The states the write may change; called before (result undefined) and after it. */
  states: (trx: Db, result: R | undefined) => Promise<EntityState[]>;
  write: (trx: Db) => Promise<R>;
  /** A restore names the history entry whose 'before' it put back. */
  restoredFrom?: number;
  /**
   * Further scopes whose versions after the write the caller hands out (a write spanning several
   * scopes): read last in the transaction, so they are exactly those this write produced.
   */
  moreScopes?: readonly VersionScope[];
}

export interface WriteOutcome<R> {
  result: R;
  /** The scope's version after the write (unchanged when nothing changed). */
  version: number;
  /** Ids of the history entries written. */
  changeIds: number[];
  /** The version of each of `moreScopes` after the write, in the same order. */
  moreVersions: number[];
}

/** 'YYYY-MM-DD HH:MM' in Vilnius, as staff read it. */
export function vilniusStamp(iso: string): string {
  const { date, minutes } = vilniusNow(() => new Date(iso));
  return `${date} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export async function currentVersion(db: Db, scope: VersionScope): Promise<number> {
  return (await latestChange(db, scope))?.id ?? 0;
}

/** The version of each holiday, stop, service change, fare rule, concession or through fare that has one (others are at version 0). */
export function entityVersions(
  db: Db,
  kind: 'holiday' | 'stop' | 'service_change' | 'fare_rule' | 'concession' | 'through_fare',
): Promise<Map<number, number>> {
  return latestChangeIds(db, kind);
}

/**
 * Refuses (CONFLICT, naming who saved last and when) a write made from an older version of
 * `scope` than the stored one. recordedWrite does this for its scope; a write spanning several
 * scopes (the bulk schedule changes) calls it for each of the others inside its transaction.
 */
export async function refuseStale(
  trx: Db,
  scope: VersionScope,
  baseVersion: number,
  what: (trx: Db) => Promise<ChangeSubject>,
): Promise<void> {
  const latest = await latestChange(trx, scope);
  if ((latest?.id ?? 0) === baseVersion) return;
  const subject = await what(trx);
  throw new DomainError(
    'CONFLICT',
    serverMessage('stale', {
      subject,
      username: latest?.username ?? null,
      at: latest ? vilniusStamp(latest.at) : null,
    }),
    { reason: 'stale', username: latest?.username ?? null, at: latest?.at ?? null },
  );
}

/**
 * Refuses (CONFLICT, "A timetable import is running; try again in a minute") a save while an
 * import holds the database, at once: waiting for SQLite's write lock would keep the staff
 * member waiting (and, better-sqlite3 waiting synchronously, every visitor with them). A save
 * that meets an unmarked long writer still waits only the server's short busy timeout and gets
 * the same answer (trpc/init.ts, app.ts).
 */
export function refuseWhileImporting(db: OpenedDatabase): void {
  if (importInProgress(db.sqlite)) throw new DomainError('CONFLICT', serverMessage('importRunning'));
}

/** Called after a write that changed something has committed; see onCommitted. */
export type CommittedListener = (db: OpenedDatabase) => Promise<void> | void;

const committedListeners = new Set<CommittedListener>();

/**
 * Announces every committed write that changed something: the read side (public-read/) brings
 * its snapshot up to date there, so the first visitor after a save does not wait for it. The
 * write path knows nothing of who listens. Returns the unsubscribe.
 */
export function onCommitted(listener: CommittedListener): () => void {
  committedListeners.add(listener);
  return () => committedListeners.delete(listener);
}

/** A listener's failure is the next reader's to report: the write itself is done. */
async function announceCommitted(db: OpenedDatabase): Promise<void> {
  for (const listener of committedListeners) {
    try {
      await listener(db);
    } catch {
      // See above.
    }
  }
}

const keyOf = (s: EntityState) => `${s.kind}:${s.entityId ?? ''}`;

export async function recordedWrite<R>(
  db: OpenedDatabase,
  actor: Actor,
  spec: RecordedWrite<R>,
): Promise<WriteOutcome<R>> {
  const scopeOf = (result: R | undefined) =>
    typeof spec.scope === 'function' ? spec.scope(result) : spec.scope;
  refuseWhileImporting(db);
  const outcome = await db.kysely.transaction().execute(async (trx): Promise<WriteOutcome<R>> => {
    if (spec.baseVersion !== UNVERSIONED)
      await refuseStale(trx, scopeOf(undefined), spec.baseVersion, spec.what);
    const before = new Map((await spec.states(trx, undefined)).map((s) => [keyOf(s), s]));
    const result = await spec.write(trx);
    const after = new Map((await spec.states(trx, result)).map((s) => [keyOf(s), s]));

    const at = actor.clock().toISOString();
    const changes: NewChange[] = [];
    const record = (old: EntityState | undefined, now: EntityState | undefined) => {
      const any = (now ?? old) as EntityState;
      changes.push({
        at,
        username: actor.username,
        via: actor.via,
        kind: any.kind,
        entityId: any.entityId,
        lineId: any.lineId,
        action: old === undefined ? 'create' : now === undefined ? 'delete' : 'update',
        summary: any.summary,
        before: old?.state ?? null,
        after: now?.state ?? null,
        restoredFrom: spec.restoredFrom ?? null,
      });
    };
    for (const [key, old] of before) {
      const now = after.get(key);
      if (now === undefined || JSON.stringify(now.state) !== JSON.stringify(old.state)) record(old, now);
    }
    for (const [key, now] of after) if (!before.has(key)) record(undefined, now);
    // The departures index follows the lines whose line or schedules changed, in this transaction.
    const lines = changes.flatMap((c) =>
      (c.kind === 'line' || c.kind === 'schedule') && c.lineId !== null ? [c.lineId] : [],
    );
    if (lines.length > 0) await rebuildLineDepartures(trx, lines);
    const changeIds = await recordChanges(trx, changes);
    const version = await currentVersion(trx, scopeOf(result));
    const moreVersions: number[] = [];
    for (const scope of spec.moreScopes ?? []) moreVersions.push(await currentVersion(trx, scope));
    return { result, version, changeIds, moreVersions };
  });
  // Listeners run now (the read snapshot brought up to date: a few ms for a line at national scale).
  if (outcome.changeIds.length > 0) await announceCommitted(db);
  return outcome;
}
