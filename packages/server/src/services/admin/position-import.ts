import {
  DomainError,
  type FeedStop,
  MAX_STOPS_TXT_CHARS,
  matchStopPositions,
  type PositionImportApplyInput,
  type PositionMatch,
  parseStopsTxt,
  positionInBounds,
  roundPosition,
  type StopPositionLine,
  serverMessage,
  type UNVERSIONED,
} from '@bus/core';
import {
  type Db,
  findExistingStopIds,
  listAllStops,
  listRoutes,
  type OpenedDatabase,
  setStopPositions,
} from '@bus/db';
import { type Actor, currentVersion, type EntityState, recordedWrite } from './recorded-write.ts';
import { stopState } from './states.ts';

/**
 * Stop positions from another feed's GTFS stops.txt (issue 29): the file matched to our stops
 * (core position-match.ts), shown for review, and the positions chosen saved in one recorded
 * write (one history batch, put back in one step from the history). The command line
 * (`import-stop-positions --from-gtfs`) and the bus stops screen both come here.
 */

/** What the other feed proposes for our stops. */
export interface PositionImportPlan extends PositionMatch {
  /** Stops and stations read from the file, and how many it left out (entrances, far away). */
  feedStops: number;
  skipped: number;
}

export interface PositionImportPreview extends PositionImportPlan {
  /** The version of the stops (their newest history entry): the save sends it back. */
  version: number;
}

/** The file's stops; a file that is not a stops.txt is refused, naming its first bad line. */
export function readStopsTxt(text: string): { stops: FeedStop[]; skipped: number } {
  const read = parseStopsTxt(text);
  if (!read.ok)
    throw new DomainError(
      'INVALID_INPUT',
      serverMessage('stopsTxtProblem', { line: read.line, problem: read.problem }),
    );
  return { stops: read.stops, skipped: read.skipped };
}

export async function planPositionImport(db: Db, stopsTxt: string): Promise<PositionImportPlan> {
  const { stops: feed, skipped } = readStopsTxt(stopsTxt);
  const [stops, routes] = await Promise.all([listAllStops(db), listRoutes(db, 'all')]);
  const match = matchStopPositions(
    stops.map((s) => ({ id: s.id, name: s.name, searchNames: s.searchNames, position: s.position })),
    feed,
    routes.map((r) => r.stops.map((s) => s.id)),
  );
  return { ...match, feedStops: feed.length, skipped };
}

/** The bus stops screen's review: the plan and the version it was made from. */
export async function previewPositionImport(
  db: OpenedDatabase,
  stopsTxt: string,
): Promise<PositionImportPreview> {
  if (stopsTxt.length > MAX_STOPS_TXT_CHARS)
    throw new DomainError('INVALID_INPUT', serverMessage('stopsTxtTooLarge', { max: MAX_STOPS_TXT_CHARS }));
  const version = await currentVersion(db.kysely, { kind: 'stops' });
  return { ...(await planPositionImport(db.kysely, stopsTxt)), version };
}

export interface PositionImportSaved {
  /** Stops whose position changed, and those that already had the one given. */
  changed: number;
  unchanged: number;
  /** The version of the stops after the save. */
  version: number;
}

/**
 * Saves the positions, all or nothing: a stop given twice, a position outside Lithuania's
 * surroundings or a stop that does not exist refuses the whole save (nothing changed), and so
 * does a save made from an older version of the stops (`baseVersion`; UNVERSIONED: the
 * command line, which plans and saves in one go).
 */
export async function applyPositionImport(
  db: OpenedDatabase,
  actor: Actor,
  {
    baseVersion,
    positions,
  }: Omit<PositionImportApplyInput, 'baseVersion'> & {
    baseVersion: number | typeof UNVERSIONED;
  },
): Promise<PositionImportSaved> {
  const seen = new Set<number>();
  const lines: StopPositionLine[] = positions.map(({ stopId, lat, lon }, i) => {
    if (seen.has(stopId)) throw new DomainError('INVALID_INPUT', serverMessage('positionTwice', { stopId }));
    seen.add(stopId);
    const position = roundPosition({ lat, lon });
    if (!positionInBounds(position))
      throw new DomainError('INVALID_INPUT', serverMessage('invalidPosition', { problem: 'outside' }));
    return { line: i + 1, stopId, position };
  });
  const states = async (trx: Db) => {
    const all: EntityState[] = [];
    for (const { stopId } of lines) all.push(...(await stopState(trx, stopId)));
    return all;
  };
  const { changeIds, version } = await recordedWrite(db, actor, {
    scope: { kind: 'stops' },
    baseVersion,
    what: async () => ({ kind: 'stops' }),
    states,
    write: async (trx) => {
      const existing = await findExistingStopIds(
        trx,
        lines.map((l) => l.stopId),
      );
      const unknown = lines.find((l) => !existing.has(l.stopId));
      if (unknown) throw new DomainError('NOT_FOUND', serverMessage('stopNotFound', { id: unknown.stopId }));
      await setStopPositions(trx, lines);
    },
  });
  return { changed: changeIds.length, unchanged: lines.length - changeIds.length, version };
}
