import { vilniusInstant } from '../vilnius-instant.ts';
import { LIVE_STALE_MS } from './constants.ts';
import type { LivePrediction, LiveProgress, LiveStopState, LiveVisit } from './types.ts';

/**
 * A followed trip at `now` without its stops: what each stop's prediction is made of. Worked
 * out in constant time, so an answer that shows a trip at one stop (departures, the board) asks
 * for that stop alone (stopPrediction) instead of the whole trip (predictTrip).
 */
export interface LiveTripState {
  /** Visits left behind: 0..passed-1 are 'passed'. */
  passed: number;
  ended: boolean;
  stale: boolean;
  /** Seconds since the last report. */
  positionAge: number;
  /** Ms late at the next stop (negative: early); 0 when stale. */
  delay: number;
  /** Seconds late (negative: early) at the next stop; null when stale. */
  delaySeconds: number | null;
}

/**
 * The trip's state at `now` from its progress and its visits' planned instants (`planned`, one
 * per visit; `count` visits).
 */
export function liveTripState(
  count: number,
  planned: readonly number[],
  progress: LiveProgress,
  now: number,
): LiveTripState {
  const observedAt = (i: number) => progress.observed[i] ?? null;
  const plannedAt = (i: number) => planned[i] ?? 0;
  const passed = Math.min(progress.passed, count);
  const ended = progress.ended || passed >= count;
  const stale = !ended && now - progress.lastAt > LIVE_STALE_MS;
  const positionAge = Math.max(0, Math.round((now - progress.lastAt) / 1000));

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
  let delaySeconds: number | null = null;
  if (ended) {
    const last = count - 1;
    delaySeconds = last >= 0 ? seconds((observedAt(last) ?? plannedAt(last)) - plannedAt(last)) : 0;
  } else if (!stale) delaySeconds = seconds(delay);
  return { passed, ended, stale, positionAge, delay: stale ? 0 : delay, delaySeconds };
}

/** The expected instant at visit `i` of a trip in `state` (stopPrediction's `expected`), allocating nothing. */
export function expectedAt(
  i: number,
  planned: readonly number[],
  progress: LiveProgress,
  state: LiveTripState,
): number {
  const plannedAt = planned[i] ?? 0;
  if (i < state.passed) return progress.observed[i] ?? plannedAt;
  if (state.stale) return plannedAt;
  // Early running shows only at the next stop: at the stops after it the bus will wait.
  return plannedAt + (i === state.passed ? state.delay : Math.max(state.delay, 0));
}

/** Visit `i` of a trip in `state`: passed, at, next or ahead, with its observed and expected instants. */
export function stopPrediction(
  visit: LiveVisit,
  i: number,
  planned: readonly number[],
  progress: LiveProgress,
  state: LiveTripState,
): LiveStopState {
  const { passed, stale } = state;
  const status = i < passed ? 'passed' : i > passed ? 'ahead' : !stale && progress.at === i ? 'at' : 'next';
  return {
    index: visit.index,
    stopId: visit.stopId,
    planned: planned[i] ?? 0,
    status,
    observed: i < passed ? (progress.observed[i] ?? null) : null,
    expected: expectedAt(i, planned, progress, state),
  };
}

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
  const state = liveTripState(visits.length, planned, progress, now);
  const stops = visits.map((visit, i) => stopPrediction(visit, i, planned, progress, state));
  const { delaySeconds, stale, positionAge, ended } = state;
  return { delaySeconds, stale, positionAge, ended, stops };
}

/** Whole seconds, never -0 (a delay of "-0 s" is on time). */
function seconds(ms: number): number {
  return Math.round(ms / 1000) + 0;
}
