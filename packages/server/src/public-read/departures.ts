import {
  assembleDepartures,
  type Clock,
  type DepartureItem,
  type DeparturesQuery,
  type DeparturesQueryInput,
  effectiveDestination,
  normalizeDeparturesQuery,
  tripSelectionFilter,
} from '@bus/core';
import { findDepartureCandidates, type OpenedDatabase } from '@bus/db';
import { snapshotOf } from './generation.ts';
import { withTooLate } from './kept-answers.ts';
import {
  keepDeparturesAnswer,
  keptDepartures,
  type ReadContext,
  readContext,
  serviceDay,
} from './read-context.ts';

export interface DeparturesResult {
  query: DeparturesQuery;
  items: DepartureItem[];
  /** The date is a public holiday (its table or Easter): only holiday services run. */
  holiday: boolean;
}

/**
 * A stop's departures for a date and direction (the timetable home, its next-buses panel, the
 * old home-from path): the date's service day (core rules on the read snapshot) -> the
 * departures index -> assembled departures. Kept by service day rather than date: which trips
 * run depends on the date only through its weekday, holiday flag and active yearly rules, so
 * every date with the same ones shares an answer; tooLate is worked out again for `now`.
 */
export async function stopDepartures(
  read: ReadContext,
  input: DeparturesQueryInput,
): Promise<DeparturesResult> {
  const { now } = read;
  const query = normalizeDeparturesQuery(input, now.date);
  const day = await serviceDay(read, query.date);
  // The destination as the departures count it: one ignored (another stop, or City bound) makes
  // the same answer as none, so `to=1`, `to=2`, ... share it rather than each working it out.
  const key = `${query.from}|${effectiveDestination(query) ?? ''}|${query.dir}|${day.key}`;
  const kept = keptDepartures(read, key);
  if (kept !== undefined)
    return { query, items: withTooLate(kept, query.date, now), holiday: day.context.isHoliday };
  const snapshot = await snapshotOf(read.db, read.generation);
  const { reader, held } = read.generation;
  const candidates = findDepartureCandidates(
    reader,
    {
      stopId: query.from,
      weekdayBit: day.context.weekdayBit,
      isHoliday: day.context.isHoliday,
      activeRuleIds: day.context.activeRuleIds,
      ...tripSelectionFilter(query),
    },
    snapshot.lines,
    // Held at the snapshot's state: its trips' facts hold, nothing to check.
    held ? { trips: snapshot.trips, stamp: null } : snapshot,
  );
  const items = assembleDepartures(query, now, candidates, {
    stopIds: (id) => snapshot.routeStops.get(id),
    stopName: (id) => snapshot.stopNames.get(id) ?? '',
  });
  keepDeparturesAnswer(read, key, items);
  return { query, items, holiday: day.context.isHoliday };
}

/** stopDepartures for a caller outside a request (the old REST path, the benchmark, tests). */
export function getDepartures(
  db: OpenedDatabase,
  input: DeparturesQueryInput,
  clock: Clock,
): Promise<DeparturesResult> {
  return stopDepartures(readContext(db, clock), input);
}
