import type { Position } from '../domain.ts';
import { distanceMetres } from '../geo/nearest-stops.ts';
import { LIVE_BEARING_MIN_MOVE_M, LIVE_NOISE_M, LIVE_STOP_RADIUS_M } from './constants.ts';
import { type LivePath, placeOnPath } from './path.ts';
import type { LiveProgress, LiveReport, LiveVisit } from './types.ts';

const RADIUS = LIVE_STOP_RADIUS_M;

/** The initial compass bearing from a to b, degrees clockwise from north in [0, 360). */
export function bearingDegrees(a: Position, b: Position): number {
  const r = Math.PI / 180;
  const dLon = (b.lon - a.lon) * r;
  const y = Math.sin(dLon) * Math.cos(b.lat * r);
  const x =
    Math.cos(a.lat * r) * Math.sin(b.lat * r) - Math.sin(a.lat * r) * Math.cos(b.lat * r) * Math.cos(dLon);
  return normaliseDegrees(Math.atan2(y, x) / r);
}

/** A trip's progress from the first report its bus sends (refuseReport has accepted it). */
export function startProgress(
  path: LivePath,
  visits: readonly LiveVisit[],
  report: LiveReport,
): LiveProgress {
  const initial: LiveProgress = {
    along: 0,
    observed: visits.map(() => null),
    passed: 0,
    at: -1,
    lastAt: report.at,
    lat: report.lat,
    lon: report.lon,
    bearing: null,
    ended: false,
  };
  // The initial state stands where the report is, at its instant: every stop the first
  // placement is already past was passed at the report's time.
  return advanceProgress(path, visits, initial, report);
}

/** The progress after one more accepted report; `progress` is left as it was. */
export function advanceProgress(
  path: LivePath,
  visits: readonly LiveVisit[],
  progress: LiveProgress,
  report: LiveReport,
): LiveProgress {
  const here = { lat: report.lat, lon: report.lon };
  const observed = visits.map((_, i) => progress.observed[i] ?? null);
  const moved = distanceMetres(progress, here);
  let bearing = progress.bearing;
  if (report.heading !== null && Number.isFinite(report.heading)) bearing = normaliseDegrees(report.heading);
  else if (moved > LIVE_BEARING_MIN_MOVE_M) bearing = bearingDegrees(progress, here);
  const reported = { lastAt: report.at, lat: report.lat, lon: report.lon, bearing, observed };
  if (progress.ended) return { ...progress, ...reported };

  const placement = placeOnPath(path, here, progress.along - LIVE_NOISE_M, LIVE_NOISE_M);
  const along = Math.max(progress.along, placement?.along ?? 0);
  const alongOf = (i: number) => path.alongs[i] ?? 0;
  const distanceTo = (i: number) => {
    const point = path.points[i];
    return point ? distanceMetres(here, point) : Number.POSITIVE_INFINITY;
  };

  // The stop the bus stands at: the nearest within the radius, of those not behind it. A stop
  // far ahead along the path does not count however near (a loop's last stop is its first).
  let standing = -1;
  let nearest = Number.POSITIVE_INFINITY;
  for (let j = progress.passed; j < visits.length; j++) {
    const d = distanceTo(j);
    if (d <= RADIUS && alongOf(j) <= along + 2 * RADIUS && d < nearest) {
      standing = j;
      nearest = d;
    }
  }

  const lastPlaced = path.placed[path.placed.length - 1] ?? -1;
  const hasLeft = (i: number) => {
    if (i < standing) return true;
    // The loop below reaches a stop after the last placed one only once that one is left.
    if (i > lastPlaced) return true;
    const far = distanceTo(i) > RADIUS;
    if (along > alongOf(i) && far) return true;
    if (i === lastPlaced && far) {
      // The path ends here, so `along` cannot pass it: beyond the end is left. A path of one
      // point has no direction at all: the bus leaves the stop once it walks out of the radius.
      return path.length > 0 ? along >= path.length : progress.at === i;
    }
    return false;
  };
  // A stop passed between two reports: when the bus went by it at an even speed between them.
  const passedAt = (i: number) => {
    const span = along - progress.along;
    if (span <= 0) return report.at;
    const share = Math.min(1, Math.max(0, (alongOf(i) - progress.along) / span));
    return Math.round(progress.lastAt + share * (report.at - progress.lastAt));
  };

  const last = visits.length - 1;
  let passed = progress.passed;
  let at = -1;
  let ended = false;
  for (let i = passed; i <= last; i++) {
    if (i === last) {
      if (standing === last || along >= alongOf(last) - RADIUS) {
        // Its arrival: a trip's last stop has no departure.
        observed[last] = report.at;
        passed = visits.length;
        ended = true;
      }
      break;
    }
    if (hasLeft(i)) {
      observed[i] ??= passedAt(i);
      passed = i + 1;
      continue;
    }
    if (i === standing) {
      at = i;
      // The latest instant seen there, so once the bus leaves it is the departure.
      observed[i] = report.at;
    }
    break;
  }
  return { ...reported, along, passed, at, ended };
}

function normaliseDegrees(degrees: number): number {
  return ((degrees % 360) + 360) % 360;
}
