import {
  assembleDepartures,
  type Clock,
  type DepartureItem,
  type DeparturesQuery,
  type DeparturesQueryInput,
  normalizeDeparturesQuery,
  type ServiceDayContext,
  serviceDayContext,
  tooLateOn,
  tripSelectionFilter,
  type VilniusNow,
  vilniusNow,
} from '@bus/core';
import { dataStamp, findDepartureCandidates, type OpenedDatabase, readSnapshot } from '@bus/db';
import { perDatabase, StampedCache } from './stamped-cache.ts';

export interface DeparturesResult {
  query: DeparturesQuery;
  items: DepartureItem[];
}

/** A departure as cached: everything but tooLate, which depends on the clock, plus its minute. */
type CachedDeparture = Omit<DepartureItem, 'tooLate'> & { minute: number };

/** The date's schedule filter and a key naming it: many dates share one service day. */
interface ServiceDay {
  context: ServiceDayContext;
  key: string;
}

// Both caches below are keyed on the database change stamp (dataStamp): any write, by this
// process or another one, changes it, and nothing computed under an older stamp is served.
//
// Answers are keyed by the service day rather than the date: which trips run depends on the
// date only through its weekday, holiday flag and active yearly rules, so every date with the
// same ones shares an answer; tooLate is worked out again on every request from the clock.

/** At most this many answers, and this many departures across them (about 8 MB). */
const ANSWER_CACHE_ENTRIES = 1_000;
const ANSWER_CACHE_ITEMS = 60_000;

const answers = perDatabase(
  () => new StampedCache<CachedDeparture[]>(ANSWER_CACHE_ENTRIES, ANSWER_CACHE_ITEMS),
);
/** Service days by date (a year has 365 or 366; computing one takes up to a few 100 µs). */
const serviceDays = perDatabase(() => new StampedCache<ServiceDay>(1_000, 1_000));

function answerKey(query: DeparturesQuery, day: ServiceDay): string {
  return `${query.from}|${query.to ?? ''}|${query.dir}|${day.key}`;
}

function withTooLate(cached: readonly CachedDeparture[], date: string, now: VilniusNow): DepartureItem[] {
  const tooLate = tooLateOn(date, now);
  const items = new Array<DepartureItem>(cached.length);
  for (let i = 0; i < cached.length; i++) {
    const c = cached[i] as CachedDeparture;
    // Same key order as assembleDepartures builds, so the JSON is byte for byte the same.
    items[i] = {
      lineName: c.lineName,
      routeType: c.routeType,
      tooLate: tooLate(c.minute),
      lineId: c.lineId,
      schedId: c.schedId,
      tripId: c.tripId,
      timeDepart: c.timeDepart,
      name: c.name,
    };
  }
  return items;
}

/** 'HH:MM' as formatTime writes it, back to minutes after midnight. */
function minuteOf(time: string): number {
  const zero = 48; // '0'
  const hours = (time.charCodeAt(0) - zero) * 10 + time.charCodeAt(1) - zero;
  return hours * 60 + (time.charCodeAt(3) - zero) * 10 + time.charCodeAt(4) - zero;
}

/**
 * vilniusNow for the clock's current minute, remembered until the minute changes (formatting
 * a date in a time zone is among the costlier steps of a cached answer). Vilnius is a whole
 * number of hours from UTC, so its minutes start with UTC minutes.
 */
let lastNow: { minute: number; now: VilniusNow } | null = null;

function currentVilniusNow(clock: Clock): VilniusNow {
  const instant = clock();
  const minute = Math.floor(instant.getTime() / 60_000);
  if (lastNow?.minute === minute) return lastNow.now;
  const now = vilniusNow(() => instant);
  lastNow = { minute, now };
  return now;
}

/** Departures for a stop, date and direction (the timetable home). */
export async function getDepartures(
  db: OpenedDatabase,
  input: DeparturesQueryInput,
  clock: Clock,
): Promise<DeparturesResult> {
  const now = currentVilniusNow(clock);
  const query = normalizeDeparturesQuery(input, now.date);
  const stamp = dataStamp(db.sqlite);
  const days = serviceDays(db.sqlite);
  const answerCache = answers(db.sqlite);

  let day = days.get(stamp, query.date);
  if (day !== undefined) {
    const cached = answerCache.get(stamp, answerKey(query, day));
    if (cached !== undefined) return { query, items: withTooLate(cached, query.date, now) };
  }

  const snapshot = await readSnapshot(db);
  if (day === undefined || snapshot.stamp !== stamp) {
    const context = serviceDayContext(query.date, snapshot.rules, snapshot.holidays);
    day = {
      context,
      key: `${context.weekdayBit}|${context.isHoliday ? 1 : 0}|${context.activeRuleIds.join(',')}`,
    };
    days.set(snapshot.stamp, query.date, day);
  }
  const { context } = day;
  const candidates = findDepartureCandidates(
    db.sqlite,
    {
      stopId: query.from,
      weekdayBit: context.weekdayBit,
      isHoliday: context.isHoliday,
      activeRuleIds: context.activeRuleIds,
      ...tripSelectionFilter(query),
    },
    snapshot.lines,
  );
  const items = assembleDepartures(query, now, candidates, {
    stopIds: (id) => snapshot.routeStops.get(id),
    stopName: (id) => snapshot.stopNames.get(id) ?? '',
  });
  // Kept only when nothing was written since the snapshot was read.
  if (dataStamp(db.sqlite) === snapshot.stamp) {
    const cached = new Array<CachedDeparture>(items.length);
    for (let i = 0; i < items.length; i++) {
      const item = items[i] as DepartureItem;
      cached[i] = {
        lineName: item.lineName,
        routeType: item.routeType,
        lineId: item.lineId,
        schedId: item.schedId,
        tripId: item.tripId,
        timeDepart: item.timeDepart,
        name: item.name,
        minute: minuteOf(item.timeDepart),
      };
    }
    answerCache.set(snapshot.stamp, answerKey(query, day), cached, Math.max(1, cached.length));
  }
  return { query, items };
}
