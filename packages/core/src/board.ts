import { HOME_STOP_ID } from './domain.ts';

/**
 * The departure board for a station screen (issue 42): `/board?stops=1,2`. It shows the
 * departures of the home page (the same answers, merged by time), so the only rules of its own
 * are which stops one board may show and where a departure leaves from.
 */

/** The most stops one board shows (a station with its nearby stops, not a whole town). */
export const BOARD_MAX_STOPS = 10;

/**
 * Where a departure leaves from, as the board says it: the stop's own bay or platform ('3', 'A'),
 * which staff set on the stop; at the home station (Anykščių AS, stop 1) without one, the line's
 * platform there (the old system's per-line `anykStationPlatform`); else none. A blank value
 * counts as none.
 */
export function departureBay(
  stopId: number,
  stopBay: string | null | undefined,
  linePlatform: string | null | undefined,
): string | null {
  const bay = stopBay?.trim() ?? '';
  if (bay !== '') return bay;
  if (stopId !== HOME_STOP_ID) return null;
  const platform = linePlatform?.trim() ?? '';
  return platform === '' ? null : platform;
}
