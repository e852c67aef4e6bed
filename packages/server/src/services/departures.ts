import {
  assembleDepartures,
  type Clock,
  type DepartureItem,
  type DeparturesQuery,
  type DeparturesQueryInput,
  normalizeDeparturesQuery,
  serviceDayContext,
  vilniusNow,
} from '@bus/core';
import { findDepartureCandidates, type OpenedDatabase, readSnapshot } from '@bus/db';

export interface DeparturesResult {
  query: DeparturesQuery;
  items: DepartureItem[];
}

/** Departures for a stop, date and direction (the timetable home). */
export async function getDepartures(
  db: OpenedDatabase,
  input: DeparturesQueryInput,
  clock: Clock,
): Promise<DeparturesResult> {
  const now = vilniusNow(clock);
  const query = normalizeDeparturesQuery(input, now.date);
  const snapshot = await readSnapshot(db);
  const day = serviceDayContext(query.date, snapshot.rules, snapshot.holidays);
  const candidates = findDepartureCandidates(
    db.sqlite,
    {
      stopId: query.from,
      weekdayBit: day.weekdayBit,
      isHoliday: day.isHoliday,
      activeRuleIds: day.activeRuleIds,
    },
    snapshot.lines,
  );
  const items = assembleDepartures(query, now, candidates, {
    stopIds: (id) => snapshot.routeStops.get(id),
    stopName: (id) => snapshot.stopNames.get(id) ?? '',
  });
  return { query, items };
}
