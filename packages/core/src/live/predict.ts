import { vilniusInstant } from '../vilnius-instant.ts';
import { LIVE_STALE_MS } from './constants.ts';
import type { LivePrediction, LiveProgress, LiveStopState, LiveVisit } from './types.ts';

/**
 * What riders see of a followed trip at `now`: each stop's planned, observed and expected
 * instants. `serviceDate` ('YYYY-MM-DD') is the date the trip's planned minutes count from.
 */
export function predictTrip(
  visits: readonly LiveVisit[],
  serviceDate: string,
  progress: LiveProgress,
  now: number,
  /** The visits' planned instants when the caller has them (a server keeps them per trip). */
  plannedInstants?: readonly number[],
): LivePrediction {
  const planned = plannedInstants ?? visits.map((visit) => vilniusInstant(serviceDate, visit.minute));
  const observedAt = (i: number) => progress.observed[i] ?? null;
  const passed = Math.min(progress.passed, visits.length);
  const ended = progress.ended || passed >= visits.length;
  const stale = !ended && now - progress.lastAt > LIVE_STALE_MS;
  const positionAge = Math.max(0, Math.round((now - progress.lastAt) / 1000));
  const plannedAt = (i: number) => planned[i] ?? 0;

  // The delay is what the newest stop left behind says.
  const newest = passed - 1;
  let delay = newest >= 0 ? (observedAt(newest) ?? plannedAt(newest)) - plannedAt(newest) : 0;
  const next = passed;
  if (!ended && !stale) {
    if (progress.at === next) {
      // Standing at the stop: a bus leaves no earlier than its planned time (buses wait at
      // timing points) and no earlier than now, whatever it was at the stop before.
      delay = Math.max(plannedAt(next), now) - plannedAt(next);
    } else {
      // Not there yet: it cannot be there before now.
      delay = Math.max(delay, now - plannedAt(next));
    }
  }

  const stops = visits.map((visit, i): LiveStopState => {
    const base = { index: visit.index, stopId: visit.stopId, planned: plannedAt(i) };
    if (i < passed) {
      const observed = observedAt(i);
      return { ...base, status: 'passed', observed, expected: observed ?? plannedAt(i) };
    }
    const status = i > next ? 'ahead' : !stale && progress.at === i ? 'at' : 'next';
    if (stale) return { ...base, status, observed: null, expected: plannedAt(i) };
    // Early running shows only at the next stop: at the stops after it the bus will wait.
    const expected = plannedAt(i) + (i === next ? delay : Math.max(delay, 0));
    return { ...base, status, observed: null, expected };
  });

  let delaySeconds: number | null = null;
  if (ended) {
    const last = visits.length - 1;
    delaySeconds = last >= 0 ? seconds((observedAt(last) ?? plannedAt(last)) - plannedAt(last)) : 0;
  } else if (!stale) delaySeconds = seconds(delay);
  return { delaySeconds, stale, positionAge, ended, stops };
}

/** Whole seconds, never -0 (a delay of "-0 s" is on time). */
function seconds(ms: number): number {
  return Math.round(ms / 1000) + 0;
}
