import {
  assembleDepartures,
  type Clock,
  type DepartureItem,
  type DeparturesQuery,
  type DeparturesQueryInput,
  normalizeDeparturesQuery,
  serviceDayContext,
  tripSelectionFilter,
} from '@bus/core';
import { findDepartureCandidates, type OpenedDatabase, type ReadSnapshot } from '@bus/db';
import { cachedDepartures, cachedServiceDay, currentMinute } from './answer-cache.ts';

export interface DeparturesResult {
  query: DeparturesQuery;
  items: DepartureItem[];
  /** The date is a public holiday (its table or Easter): only holiday services run. */
  holiday: boolean;
}

/**
 * Departures for a stop, date and direction (the timetable home): read snapshot -> core rules
 * (the date's service day, the trip selection) -> assembled departures. answer-cache.ts keeps
 * the snapshot, service days and answers of the current data, and runs these steps on a miss.
 */
export async function getDepartures(
  db: OpenedDatabase,
  input: DeparturesQueryInput,
  clock: Clock,
): Promise<DeparturesResult> {
  const { now } = currentMinute(clock);
  const query = normalizeDeparturesQuery(input, now.date);
  const serviceDay = (snapshot: ReadSnapshot) =>
    serviceDayContext(query.date, snapshot.rules, snapshot.holidays);
  const items = await cachedDepartures(db, query, now, {
    serviceDay,
    departures: (snapshot, day, reader) => {
      const candidates = findDepartureCandidates(
        reader.sqlite,
        {
          stopId: query.from,
          weekdayBit: day.weekdayBit,
          isHoliday: day.isHoliday,
          activeRuleIds: day.activeRuleIds,
          ...tripSelectionFilter(query),
        },
        snapshot.lines,
        // Held at the snapshot's state: its trips' facts hold, nothing to check.
        reader.held ? { trips: snapshot.trips, stamp: null } : snapshot,
      );
      return assembleDepartures(query, now, candidates, {
        stopIds: (id) => snapshot.routeStops.get(id),
        stopName: (id) => snapshot.stopNames.get(id) ?? '',
      });
    },
  });
  const { isHoliday } = await cachedServiceDay(db, query.date, serviceDay);
  return { query, items, holiday: isHoliday };
}
