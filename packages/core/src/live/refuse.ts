import { distanceMetres } from '../geo/nearest-stops.ts';
import {
  LIVE_MAX_CLOCK_SKEW_MS,
  LIVE_MAX_OFF_PATH_M,
  LIVE_MAX_SPEED_KMH,
  LIVE_MIN_REPORT_GAP_MS,
} from './constants.ts';
import { distanceToPath, type LivePath } from './path.ts';
import type { LiveProgress, LiveRefusal, LiveReport } from './types.ts';

/**
 * Why `report` must not move the trip, or undefined to accept it. A refused report changes
 * nothing, so a wrong fix (a jump across town, a phone with a wrong clock) cannot mark stops
 * passed that the bus never reached. The checks run in a fixed order and the first one fails it.
 */
export function refuseReport(
  path: LivePath,
  progress: LiveProgress | undefined,
  report: LiveReport,
  serverNow: number,
): LiveRefusal | undefined {
  if (!path.placeable) return 'noPositions';
  if (Math.abs(report.at - serverNow) > LIVE_MAX_CLOCK_SKEW_MS) return 'clockOff';
  if (progress) {
    const gap = report.at - progress.lastAt;
    // A report older than the last one is refused too: the trip never goes back in time.
    if (gap < LIVE_MIN_REPORT_GAP_MS) return 'tooOften';
    const metresPerSecond = distanceMetres(progress, report) / (gap / 1000);
    if (metresPerSecond > LIVE_MAX_SPEED_KMH / 3.6) return 'tooFast';
  }
  if (distanceToPath(path, report) > LIVE_MAX_OFF_PATH_M) return 'tooFar';
  return undefined;
}
