import { addDays } from '../calendar.ts';
import { storedDate } from '../date-bounds.ts';
import { changeStatus, concernsNetwork, noticeIn } from '../service-changes/day-changes.ts';
import type { ServiceChange } from '../service-changes/types.ts';
import { scheduleRunsOn, serviceDayContext } from '../service-day.ts';
import { gtfsDate } from './feed.ts';
import {
  posixSeconds,
  type RtAlert,
  type RtEntitySelector,
  type RtFeedMessage,
  type RtSources,
  type RtTranslatedString,
  rtFeedMessage,
  type TimetableTrip,
  timetableTrips,
} from './realtime.ts';

/**
 * The alerts feed: every current and upcoming service change is a notice, so each is an Alert.
 * Its active period runs from 00:00 of its first date to 24:00 of its last (Vilnius), an open
 * end left out. What it concerns, as the static feed names it: a cancelled or retimed trip on
 * each date it runs by the regular timetable (trip_id with start_date, up to the static feed's
 * last date), a closed stop, the lines, stops and trips a notice names, and for a notice about
 * the whole network every agency. A change naming nothing the static feed holds is left out
 * (informed_entity is required, and a consumer could show it nowhere).
 */
export function alertsFeed(sources: RtSources): RtFeedMessage {
  const { changes, today, timestamp } = sources;
  const trips = new Map(timetableTrips(sources.dataset).map((t) => [t.tripId, t]));
  const entity = [...changes]
    // Dates inside STORED_DATES whatever a change holds (the repository reads them so too): a
    // notice "until 9999-12-31" has no day after it to end on, and must not fail the feed.
    .map((change) => ({ ...change, from: storedDate(change.from), until: storedDate(change.until) }))
    .filter((change) => changeStatus(change, today) !== 'past')
    .sort((a, b) => a.id - b.id)
    .flatMap((change) => {
      const alert = alertOf(change, sources, trips);
      return alert === null ? [] : [{ id: `change-${change.id}`, alert }];
    });
  return rtFeedMessage(timestamp, entity);
}

function translated(lt: string | null, en: string | null): RtTranslatedString | undefined {
  const translation = [
    ...(lt === null ? [] : [{ text: lt, language: 'lt' }]),
    ...(en === null ? [] : [{ text: en, language: 'en' }]),
  ];
  return translation.length === 0 ? undefined : { translation };
}

function alertOf(
  change: ServiceChange,
  sources: RtSources,
  trips: ReadonlyMap<number, TimetableTrip>,
): RtAlert | null {
  const informedEntity = informedEntities(change, sources, trips);
  if (informedEntity.length === 0) return null;
  const lt = noticeIn(change, 'lt');
  const en = noticeIn(change, 'en');
  const period = {
    ...(change.from === null ? {} : { start: posixSeconds(change.from, 0) }),
    ...(change.until === null ? {} : { end: posixSeconds(addDays(change.until, 1), 0) }),
  };
  const description = translated(lt.text, en.text);
  return {
    activePeriod: change.from === null && change.until === null ? [] : [period],
    informedEntity,
    cause: change.cause,
    effect: change.effect,
    ...(change.url === null ? {} : { url: { translation: [{ text: change.url }] } }),
    headerText: translated(lt.title, en.title) as RtTranslatedString,
    ...(description === undefined ? {} : { descriptionText: description }),
  };
}

function informedEntities(
  change: ServiceChange,
  { ids, dataset, today, windowEnd }: RtSources,
  trips: ReadonlyMap<number, TimetableTrip>,
): RtEntitySelector[] {
  if (concernsNetwork(change)) return ids.agencies.map((agencyId) => ({ agencyId }));
  const selectors: RtEntitySelector[] = [];
  // The trips it names on each date they run, when its dates are bounded; else the trips.
  const first = change.from === null || change.from < today ? today : change.from;
  const last = change.until === null || change.until > windowEnd ? windowEnd : change.until;
  const contexts = [];
  if (change.until !== null)
    for (let date = first; date <= last; date = addDays(date, 1))
      contexts.push(serviceDayContext(date, dataset.yearlyRules, dataset.holidays));
  for (const tripId of change.tripIds) {
    const trip = trips.get(tripId);
    if (trip === undefined || !ids.trips.has(String(tripId)) || !ids.routes.has(String(trip.lineId)))
      continue;
    const descriptor = { tripId: String(tripId), routeId: String(trip.lineId) };
    if (change.until === null) {
      selectors.push({ trip: descriptor });
      continue;
    }
    for (const context of contexts)
      if (scheduleRunsOn(trip.schedule, context))
        selectors.push({ trip: { ...descriptor, startDate: gtfsDate(context.date) } });
  }
  for (const stopId of change.stopIds)
    if (ids.stops.has(String(stopId))) selectors.push({ stopId: String(stopId) });
  // A cancel or retime names its line too, but concerns only its trips; a notice, the line.
  const tripsNamed = change.kind === 'cancel' || change.kind === 'retime';
  if (!tripsNamed || selectors.length === 0)
    for (const lineId of change.lineIds)
      if (ids.routes.has(String(lineId))) selectors.push({ routeId: String(lineId) });
  return selectors;
}
