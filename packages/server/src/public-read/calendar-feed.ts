import {
  CALENDAR_WINDOW_DAYS,
  type DeparturesQuery,
  DomainError,
  expandOccurrences,
  formatTime,
  localDateTime,
  occurrenceUid,
  parseTime,
  serverMessage,
  serviceDays,
  tripRetimeOn,
  windowDates,
} from '@bus/core';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { type ICalCalendar, ICalEventStatus } from 'ical-generator';
import { changedStopMinutes, departuresOverDates, selectedStops } from './printed-timetable.ts';
import { changesOn, type ReadContext, snapshotOf } from './read-context.ts';
import { getTripSchedule } from './timetable.ts';

/**
 * The calendar feeds (RFC 5545): a stop's departures (the home's selection) or one trip, for the
 * next CALENDAR_WINDOW_DAYS days from today in Vilnius. A calendar app subscribes to the URL and
 * asks again now and then, so the feed follows every timetable change; each event's UID names
 * the trip, date, stop and time, so an unchanged departure keeps its event from one fetch to the
 * next, and a moved one is a new event while the old one leaves with the refreshed feed.
 *
 * ical-generator writes the file (escaping, line folding, CRLF); @touch4it/ical-timezones gives
 * the VTIMEZONE of Europe/Vilnius, so every DTSTART carries TZID=Europe/Vilnius and calendar
 * apps place it correctly in summer and winter time. Times are passed as wall-clock text
 * (YYYY-MM-DDTHH:MM:SS, no zone) and written as such under the TZID.
 *
 * Service changes (issue 27, core's dayChanges of each date): a stop's feed leaves out the
 * departures cancelled on a date, and those at the stop while it is closed; a trip's feed keeps
 * a cancelled date's event marked STATUS:CANCELLED (a subscribed calendar then shows it
 * cancelled rather than losing it). Changed times are the events' times; an event keeps the UID
 * of its planned time, so a calendar moves it rather than adding another.
 */

const TIME_ZONE = 'Europe/Vilnius';
/** How often a subscribed calendar should ask again. */
const REFRESH_SECONDS = 6 * 60 * 60;

function newCalendar(name: string, description: string): ICalCalendar {
  return ical({
    name,
    description,
    prodId: { company: 'Anyksciai bus timetable', product: 'timetable', language: 'EN' },
    // The zone is named on each event (DTSTART;TZID=...), not as the calendar's: with a calendar
    // zone ical-generator 10 writes DTSTAMP in the server's local time without 'Z', which RFC 5545
    // (3.8.7.2) forbids. The generator still adds the VTIMEZONE of every event's zone.
    timezone: { name: null, generator: getVtimezoneComponent },
    x: [{ key: 'X-WR-TIMEZONE', value: TIME_ZONE }],
    ttl: REFRESH_SECONDS,
  });
}

/** The file: ical-generator ends it without the CRLF RFC 5545 puts after every content line. */
function icsText(calendar: ICalCalendar): string {
  return `${calendar.toString()}\r\n`;
}

export interface StopFeedQuery {
  from: number;
  to: number | null;
  dir: DeparturesQuery['dir'];
}

/** The .ics of a stop's departures (home selection) for the next CALENDAR_WINDOW_DAYS days. */
export async function stopCalendar(read: ReadContext, query: StopFeedQuery, origin: string): Promise<string> {
  const { db, clock } = read;
  const { stop, to } = await selectedStops(db, query);
  const today = read.now.date;
  const dates = windowDates(today, CALENDAR_WINDOW_DAYS);
  const snapshot = await snapshotOf(read, { withDatabase: true });
  const days = serviceDays(dates, snapshot.rules, snapshot.holidays);
  const departures = await departuresOverDates(read, query, dates);
  const way = to ? ` → ${to.name}` : query.dir === 'City bound' ? ' (City bound)' : ' (Out bound)';
  const calendar = newCalendar(
    `${stop.name}${way}`,
    `Bus departures from ${stop.name}${way}, next ${CALENDAR_WINDOW_DAYS} days.`,
  );
  // DTSTAMP (required by RFC 5545): the clock's instant, so tests with a fixed clock get fixed files.
  const stamp = clock();
  const changedStopMinute = changedStopMinutes(read);
  for (const { date, minute, departure } of expandOccurrences(departures, days)) {
    const day = await changesOn(read, date);
    if (day.cancelled.has(departure.tripId) || day.closed.has(stop.id)) continue;
    const at = day.retimed.has(departure.tripId) ? await changedStopMinute(day, departure, stop.id) : minute;
    if (at === null) continue;
    calendar.createEvent({
      id: occurrenceUid(departure.tripId, date, stop.id, minute),
      stamp,
      start: localDateTime(date, at),
      timezone: TIME_ZONE,
      summary: `${departure.lineName} → ${departure.destination}`,
      location: stop.name,
      url: `${origin}/trip/${departure.tripId}`,
    });
  }
  return icsText(calendar);
}

/** The .ics of one trip on each date of the next CALENDAR_WINDOW_DAYS days it runs. */
export async function tripCalendar(read: ReadContext, tripId: number, origin: string): Promise<string> {
  const { db, clock } = read;
  const { schedule, lineInfo } = await getTripSchedule(db, tripId);
  const trip = schedule.trips.find((t) => t.id === tripId);
  if (!trip) throw new DomainError('NOT_FOUND', serverMessage('tripNotFound', { id: tripId }));
  const stops = trip.routeDirReversed ? [...trip.route.stopsArr].reverse() : trip.route.stopsArr;
  const planned = trip.timeList.map((t) => (t === null ? null : parseTime(t)));
  const timedOn = (minutes: readonly (number | null)[]) =>
    stops.flatMap((stop, i) => {
      const minute = minutes[i] ?? null;
      return minute === null ? [] : [{ stop, time: formatTime(minute), minute }];
    });
  const timed = timedOn(planned);
  const first = timed[0];
  const last = timed[timed.length - 1];
  const today = read.now.date;
  const snapshot = await snapshotOf(read, { withDatabase: true });
  const days = serviceDays(windowDates(today, CALENDAR_WINDOW_DAYS), snapshot.rules, snapshot.holidays);
  const title = first && last ? `${lineInfo.name} ${first.stop.name} → ${last.stop.name}` : lineInfo.name;
  const calendar = newCalendar(title, `Bus ${title}, next ${CALENDAR_WINDOW_DAYS} days.`);
  if (!first || !last) return icsText(calendar);
  const stamp = clock();
  const runs = expandOccurrences([{ schedule, minute: first.minute, tripId }], days);
  for (const { date } of runs) {
    const day = await changesOn(read, date);
    const cancel = day.cancelled.get(tripId);
    const times = timedOn(tripRetimeOn(day, tripId, planned)?.minutes ?? planned);
    const from = times[0] ?? first;
    const to = times[times.length - 1] ?? last;
    // A trip that goes past midnight ends on the next day.
    const endMinute = to.minute < from.minute ? to.minute + 24 * 60 : to.minute;
    const stopLines = times.map(
      (s) => `${s.time} ${s.stop.name}${day.closed.has(s.stop.id) ? ' (not served: stop closed)' : ''}`,
    );
    const notice = cancel === undefined ? [] : [`Cancelled${cancel.reason ? `: ${cancel.reason}` : ''}`];
    calendar.createEvent({
      id: occurrenceUid(tripId, date, null, first.minute),
      stamp,
      start: localDateTime(date, from.minute),
      end: localDateTime(date, endMinute),
      timezone: TIME_ZONE,
      summary: `${cancel === undefined ? '' : 'Cancelled: '}${lineInfo.name} → ${last.stop.name}`,
      location: from.stop.name,
      description: [...notice, ...stopLines].join('\n'),
      url: `${origin}/trip/${tripId}?date=${date}`,
      ...(cancel === undefined ? {} : { status: ICalEventStatus.CANCELLED }),
    });
  }
  return icsText(calendar);
}
