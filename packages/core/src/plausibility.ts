import { HOME_STOP_ID } from './domain.ts';
import { parseTime } from './time.ts';

/**
 * Plausibility of a trip's times, checked before a schedule save (the user confirms the
 * warnings; the spec's hard validation is separate) and by the data check of an import.
 */

/** A place where the time goes backwards: travel-order index of the later stop. */
export interface BackwardStep {
  index: number;
  from: string;
  to: string;
}

/**
 * parseTime, remembered: a national timetable holds millions of times but at most 1,440
 * different valid ones, so the whole-timetable check and the feed parse each text once.
 */
const minutes = new Map<string, number | null>();
function minuteOf(text: string): number | null {
  let minute = minutes.get(text);
  if (minute === undefined) {
    minute = parseTime(text);
    // Bounded, whatever odd texts come by: start afresh rather than grow.
    if (minutes.size >= 4096) minutes.clear();
    minutes.set(text, minute);
  }
  return minute;
}

/** Every step back in time between consecutive filled-in times (empty ones are skipped). */
export function backwardSteps(timeList: readonly (string | null)[]): {
  steps: BackwardStep[];
  comparisons: number;
} {
  const steps: BackwardStep[] = [];
  let comparisons = 0;
  let previous: { text: string; minute: number } | null = null;
  for (const [index, text] of timeList.entries()) {
    const minute = text === null || text === '' ? null : minuteOf(text);
    if (text === null || minute === null) continue;
    if (previous) {
      comparisons++;
      if (minute < previous.minute) steps.push({ index, from: previous.text, to: text });
    }
    previous = { text, minute };
  }
  return { steps, comparisons };
}

export type TripWarning =
  | { kind: 'backwards'; index: number; stopId: number | undefined; from: string; to: string; count: number }
  | { kind: 'direction'; boundFor: 'Out bound' | 'City bound'; stopId: number };

export interface TripToCheck {
  boundFor: 'City bound' | 'Out bound' | 'One way';
  /** Stop ids in travel order (the route reversed for a reversed trip). */
  travelStopIds: readonly number[];
  timeList: readonly (string | null)[];
}

/**
 * Whether a trip's direction contradicts its stop order, told by its first and last stop in
 * travel order: an 'Out bound' trip leaves the home station, so it must not end there; a
 * 'City bound' trip comes back, so it must not start there and leave it. A loop from and to the
 * home station fits both, a route that only passes through it or never reaches it says
 * nothing, and 'One way' has no direction. The one rule behind the schedule editor's warning
 * and the timetable check.
 */
export function directionContradicted(
  boundFor: 'City bound' | 'Out bound' | 'One way',
  firstStopId: number | undefined,
  lastStopId: number | undefined,
): boolean {
  const startsHome = firstStopId === HOME_STOP_ID;
  const endsHome = lastStopId === HOME_STOP_ID;
  if (boundFor === 'Out bound') return endsHome && !startsHome;
  if (boundFor === 'City bound') return startsHome && !endsHome;
  return false;
}

/**
 * Warnings for one trip: times going backwards along it, and a direction that contradicts
 * where it starts or ends (directionContradicted).
 */
export function tripWarnings(trip: TripToCheck): TripWarning[] {
  const warnings: TripWarning[] = [];
  const { steps } = backwardSteps(trip.timeList);
  const first = steps[0];
  if (first)
    warnings.push({
      kind: 'backwards',
      index: first.index,
      stopId: trip.travelStopIds[first.index],
      from: first.from,
      to: first.to,
      count: steps.length,
    });
  const stops = trip.travelStopIds;
  if (trip.boundFor !== 'One way' && directionContradicted(trip.boundFor, stops[0], stops.at(-1)))
    warnings.push({ kind: 'direction', boundFor: trip.boundFor, stopId: HOME_STOP_ID });
  return warnings;
}
