import { type StopPositionLine, UNVERSIONED } from '@bus/core';
import { findExistingStopIds, type OpenedDatabase, setStopPositions } from '@bus/db';
import { type Actor, type EntityState, recordedWrite } from './recorded-write.ts';
import { stopState } from './states.ts';

/** How many lines naming no stop the refusal lists after the first. */
const UNKNOWN_LISTED = 10;

/**
 * Positions of many stops at once (`pnpm cli import-stop-positions`): all or nothing, and
 * recorded in the history like a save in the bus stops screen, so any stop's earlier position
 * can be restored. A stop id the database lacks stops the whole file, named by its line, with
 * how many other lines name no stop (a file of a million unknown ids is looked up in parts:
 * bound-lists.ts in the db package).
 */
export async function importStopPositions(
  db: OpenedDatabase,
  actor: Actor,
  lines: readonly StopPositionLine[],
): Promise<{ changed: number; unchanged: number }> {
  const existing = await findExistingStopIds(
    db.kysely,
    lines.map((l) => l.stopId),
  );
  const unknown = lines.filter((l) => !existing.has(l.stopId));
  const [firstUnknown, ...more] = unknown;
  if (firstUnknown) {
    const listed = more.slice(0, UNKNOWN_LISTED).map((l) => l.line);
    const others =
      more.length === 0
        ? ''
        : `; ${more.length} more ${more.length === 1 ? 'line names' : 'lines name'} no stop (line${listed.length === 1 ? '' : 's'} ${listed.join(', ')}${more.length > listed.length ? ', ...' : ''})`;
    throw new Error(`line ${firstUnknown.line}: there is no stop ${firstUnknown.stopId}${others}`);
  }
  const first = lines[0];
  if (!first) return { changed: 0, unchanged: 0 };
  const states = async (trx: Parameters<typeof stopState>[0]) => {
    const all: EntityState[] = [];
    for (const { stopId } of lines) all.push(...(await stopState(trx, stopId)));
    return all;
  };
  const { changeIds } = await recordedWrite(db, actor, {
    scope: { kind: 'stop', id: first.stopId },
    // The command line: a file of positions, not an editor's copy.
    baseVersion: UNVERSIONED,
    what: async () => ({ kind: 'stop', id: first.stopId, name: null }),
    states,
    write: (trx) => setStopPositions(trx, lines),
  });
  return { changed: changeIds.length, unchanged: lines.length - changeIds.length };
}
