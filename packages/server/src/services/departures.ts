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
import {
  findDepartureCandidates,
  listHolidays,
  listYearlyRules,
  loadRouteStops,
  type OpenedDatabase,
} from '@bus/db';

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
  const [rules, holidays] = await Promise.all([listYearlyRules(db.db), listHolidays(db.db)]);
  const day = serviceDayContext(query.date, rules, holidays);
  const candidates = findDepartureCandidates(db.sqlite, {
    stopId: query.from,
    weekdayBit: day.weekdayBit,
    isHoliday: day.isHoliday,
    activeRuleIds: day.activeRuleIds,
  });
  const routes = loadRouteStops(db.sqlite, [...new Set(candidates.map((c) => c.routeId))]);
  const items = assembleDepartures(query, now, candidates, {
    stopIds: (id) => routes.stopIds.get(id),
    stopName: (id) => routes.names.get(id) ?? '',
  });
  return { query, items };
}
