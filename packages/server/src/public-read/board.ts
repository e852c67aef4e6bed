import { DIRECTIONS, type Direction, HOME_STOP_ID } from '@bus/core';
import { linePlatformsOf, stopBaysOf } from '@bus/db';
import { checkPublicDate } from './date-window.ts';
import { type DeparturesResult, publicDepartures } from './departures.ts';
import { type ReadContext, snapshotOf, snapshotReader } from './read-context.ts';

/**
 * The departure board's answer (issue 42, `timetable.board`): for each stop it shows, the public
 * departures answer of each direction, exactly as the home asks for it (publicDepartures: the
 * date's service day, service changes and notices, core's rules), with what the board adds: the
 * stops' names and bays, the stops it does not know, and the lines' platforms at the home
 * station. The board merges them by time itself (web: features/public/board/board-rows.ts), and
 * the live buses are laid over each answer by the door (live/answers.ts liveBoard), as over the
 * home's.
 */

/** A stop the board shows. */
export interface BoardStop {
  id: number;
  name: string;
  /** Its bay or platform ('3', 'A'), null when staff set none. */
  bay: string | null;
}

/** One stop's departures one way: the departures answer the home gets for it. */
export interface BoardDepartures<R extends DeparturesResult = DeparturesResult> {
  stopId: number;
  dir: Direction;
  result: R;
}

export interface BoardAnswer<R extends DeparturesResult = DeparturesResult> {
  /** The date answered ('YYYY-MM-DD'): the one asked for, else today in Vilnius. */
  date: string;
  /** The stops asked for that exist, in the order asked. */
  stops: BoardStop[];
  /** The ids asked for that name no stop (the board says so). */
  unknownStops: number[];
  /**
   * The home station's lines with a platform there (line field anykStationPlatform): the board
   * shows a line's platform at stop 1 when the stop has no bay (core's departureBay).
   */
  linePlatforms: { lineId: number; platform: string }[];
  /** For each stop shown, its departures going out and coming back ('Out bound', 'City bound'). */
  departures: BoardDepartures<R>[];
}

/**
 * The board's answer by the timetable and the date's service changes (the live part comes on
 * top: liveBoard). `stops`: distinct ids, at most BOARD_MAX_STOPS (the input schema's).
 */
export async function boardDepartures(
  read: ReadContext,
  input: { stops: readonly number[]; date?: string | null | undefined },
): Promise<BoardAnswer> {
  // Refused outside the public window even when no stop is known (no departures asked then).
  checkPublicDate(read, input.date);
  const date = input.date ?? read.now.date;
  const snapshot = await snapshotOf(read);
  const known = input.stops.filter((id) => snapshot.stopNames.has(id));
  const unknownStops = input.stops.filter((id) => !snapshot.stopNames.has(id));
  const departures: BoardDepartures[] = [];
  // One departures answer per stop and direction, exactly as the home asks for it.
  for (const stopId of known)
    for (const dir of DIRECTIONS)
      departures.push({ stopId, dir, result: await publicDepartures(read, { from: stopId, dir, date }) });
  const { reader } = snapshotReader(read);
  const bays = stopBaysOf(reader, known);
  const stops = known.map((id) => ({
    id,
    name: snapshot.stopNames.get(id) ?? '',
    bay: bays.get(id) ?? null,
  }));
  return { date, stops, unknownStops, linePlatforms: homePlatforms(read, stops, departures), departures };
}

/** The platforms at the home station of the lines the board shows there, when it has no bay of its own. */
function homePlatforms(
  read: ReadContext,
  stops: readonly BoardStop[],
  departures: readonly BoardDepartures[],
): { lineId: number; platform: string }[] {
  const home = stops.find((s) => s.id === HOME_STOP_ID);
  if (home === undefined || home.bay !== null) return [];
  const lineIds = new Set<number>();
  for (const d of departures)
    if (d.stopId === HOME_STOP_ID) for (const item of d.result.items) lineIds.add(item.lineId);
  const platforms = linePlatformsOf(snapshotReader(read).reader, [...lineIds]);
  return [...platforms].sort(([a], [b]) => a - b).map(([lineId, platform]) => ({ lineId, platform }));
}
