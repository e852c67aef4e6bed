import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import type { StaticTables } from './gtfs-helpers.ts';

/**
 * The MobilityData GTFS-Realtime validator's rules (github.com/MobilityData/gtfs-realtime-validator,
 * RULES.md) that apply to feeds of alerts and scheduled trip updates, checked against the static
 * feed the realtime one refers to. Each problem is said as `<rule>: <what>`; none: [].
 */

export type FeedMessage = GtfsRealtimeBindings.transit_realtime.FeedMessage;
const {
  FeedMessage: Message,
  TripDescriptor,
  TripUpdate,
  FeedHeader,
} = GtfsRealtimeBindings.transit_realtime;

/** The static feed's tables, each as records by column name (gtfs-helpers.ts servedFeed). */
export type StaticFeed = StaticTables;

export function decodeFeed(bytes: Uint8Array): FeedMessage {
  return Message.decode(bytes);
}

/** 2001-09-09 .. 2286-11-20 in seconds: a time in milliseconds is far beyond (E001). */
const isPosixSeconds = (t: number) => Number.isInteger(t) && t >= 1e9 && t < 1e10;

export function realtimeProblems(message: FeedMessage, gtfs: StaticFeed, nowSeconds: number): string[] {
  const problems: string[] = [];
  const say = (rule: string, what: string) => problems.push(`${rule}: ${what}`);
  const rows = (name: string) => gtfs.get(name) ?? [];
  const trips = new Map(rows('trips.txt').map((t) => [t.trip_id, t]));
  const routes = new Set(rows('routes.txt').map((r) => r.route_id));
  const stops = new Set(rows('stops.txt').map((s) => s.stop_id));
  const agencies = new Set(rows('agency.txt').map((a) => a.agency_id));
  const stopTimes = new Map<string, Map<number, string>>();
  for (const st of rows('stop_times.txt')) {
    const of = stopTimes.get(st.trip_id as string) ?? new Map<number, string>();
    of.set(Number(st.stop_sequence), st.stop_id as string);
    stopTimes.set(st.trip_id as string, of);
  }

  const { header } = message;
  if (header.gtfsRealtimeVersion !== '2.0')
    say('E038', `gtfs_realtime_version ${header.gtfsRealtimeVersion}`);
  if (header.incrementality !== FeedHeader.Incrementality.FULL_DATASET)
    say('E049', 'incrementality not FULL_DATASET');
  const stamp = Number(header.timestamp);
  if (!header.timestamp || !isPosixSeconds(stamp)) say('E048/E001', `header timestamp ${stamp}`);
  if (stamp > nowSeconds + 60) say('E050', `header timestamp ${stamp} is in the future (now ${nowSeconds})`);
  if (nowSeconds - stamp > 65) say('W008', `header timestamp ${stamp} older than 65 s (now ${nowSeconds})`);

  const ids = new Set<string>();
  const vehicleIds = new Set<string>();
  for (const entity of message.entity) {
    if (ids.has(entity.id)) say('entity id', `${entity.id} twice`);
    ids.add(entity.id);
    const trip = entity.tripUpdate?.trip ?? null;
    const checkTrip = (descriptor: typeof trip, where: string) => {
      if (!descriptor) return;
      if (descriptor.tripId && !trips.has(descriptor.tripId))
        say('E003', `${where}: trip_id ${descriptor.tripId} not in trips.txt`);
      if (descriptor.routeId && !routes.has(descriptor.routeId))
        say('E004', `${where}: route_id ${descriptor.routeId} not in routes.txt`);
      const staticTrip = trips.get(descriptor.tripId ?? '');
      if (descriptor.routeId && staticTrip && staticTrip.route_id !== descriptor.routeId)
        say(
          'E004',
          `${where}: trip ${descriptor.tripId} is on route ${staticTrip.route_id}, not ${descriptor.routeId}`,
        );
      if (descriptor.startDate && !/^\d{4}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/.test(descriptor.startDate))
        say('E021', `${where}: start_date ${descriptor.startDate}`);
    };
    if (entity.tripUpdate) {
      const update = entity.tripUpdate;
      const updates = update.stopTimeUpdate ?? [];
      checkTrip(update.trip, entity.id);
      if (!update.trip.tripId) say('W006', `${entity.id}: no trip_id`);
      if (!update.trip.startDate) say('start_date', `${entity.id}: a trip update without start_date`);
      if (update.timestamp && Number(update.timestamp) > stamp)
        say('E012', `${entity.id}: timestamp after the header's`);
      const canceled = update.trip.scheduleRelationship === TripDescriptor.ScheduleRelationship.CANCELED;
      if (canceled && updates.length > 0) say('CANCELED', `${entity.id}: has stop_time_updates`);
      if (!canceled && updates.length === 0) say('E041', `${entity.id}: no stop_time_update`);
      let lastSequence = -1;
      let lastTime = -1;
      for (const stu of updates) {
        const sequence = stu.stopSequence ?? -1;
        const where = `${entity.id} stop_sequence ${stu.stopSequence}`;
        if (stu.stopSequence == null && !stu.stopId)
          say('E040', `${entity.id}: stop_time_update with neither stop_sequence nor stop_id`);
        if (sequence <= lastSequence) say('E002/E036', `${where} after ${lastSequence}`);
        lastSequence = sequence;
        if (stu.stopId && !stops.has(stu.stopId))
          say('E011', `${where}: stop_id ${stu.stopId} not in stops.txt`);
        const staticStop = stopTimes.get(update.trip.tripId ?? '')?.get(sequence);
        if (staticStop !== stu.stopId)
          say(
            'E045',
            `${where}: stop_id ${stu.stopId}, stop_times.txt has ${staticStop ?? 'no such stop_sequence'}`,
          );
        const skipped = stu.scheduleRelationship === TripUpdate.StopTimeUpdate.ScheduleRelationship.SKIPPED;
        if (!skipped && !stu.arrival && !stu.departure)
          say('E043', `${where}: neither arrival nor departure`);
        const arrival = stu.arrival?.time == null ? null : Number(stu.arrival.time);
        const departure = stu.departure?.time == null ? null : Number(stu.departure.time);
        for (const t of [arrival, departure])
          if (t !== null && !isPosixSeconds(t)) say('E001', `${where}: time ${t}`);
        if (arrival !== null && departure !== null && departure < arrival)
          say('E025', `${where}: departure before arrival`);
        const time = arrival ?? departure;
        if (time !== null) {
          if (time <= lastTime) say('E022', `${where}: ${time} not after ${lastTime}`);
          lastTime = departure ?? time;
        }
      }
    }
    if (entity.vehicle) {
      // Vehicle positions (issue 40).
      const v = entity.vehicle;
      checkTrip(v.trip ?? null, entity.id);
      const vehicleId = v.vehicle?.id ?? '';
      if (vehicleId === '') say('E052', `${entity.id}: no vehicle id`);
      else if (vehicleIds.has(vehicleId)) say('E052', `${entity.id}: vehicle id ${vehicleId} twice`);
      vehicleIds.add(vehicleId);
      const p = v.position;
      if (
        !p ||
        Math.abs(p.latitude) > 90 ||
        Math.abs(p.longitude) > 180 ||
        (p.latitude === 0 && p.longitude === 0)
      )
        say('E026', `${entity.id}: position ${p?.latitude}, ${p?.longitude}`);
      if (p?.bearing != null && (p.bearing < 0 || p.bearing > 360))
        say('E027', `${entity.id}: bearing ${p.bearing}`);
      const at = Number(v.timestamp);
      if (!v.timestamp || !isPosixSeconds(at)) say('E001', `${entity.id}: vehicle timestamp ${at}`);
      if (at > stamp) say('E012', `${entity.id}: vehicle timestamp after the header's`);
      if (v.stopId && !stops.has(v.stopId)) say('E011', `${entity.id}: stop_id ${v.stopId} not in stops.txt`);
      if (v.currentStopSequence != null) {
        const staticStop = stopTimes.get(v.trip?.tripId ?? '')?.get(v.currentStopSequence);
        if (staticStop === undefined || (v.stopId && staticStop !== v.stopId))
          say(
            'E045',
            `${entity.id}: current_stop_sequence ${v.currentStopSequence} with stop ${v.stopId}, stop_times.txt has ${staticStop ?? 'none'}`,
          );
      }
    }
    if (entity.alert) {
      const alert = entity.alert;
      const informed = alert.informedEntity ?? [];
      if (informed.length === 0) say('informed_entity', `${entity.id}: none`);
      for (const selector of informed) {
        if (selector.routeId && !routes.has(selector.routeId))
          say('E004', `${entity.id}: route_id ${selector.routeId}`);
        if (selector.stopId && !stops.has(selector.stopId))
          say('E011', `${entity.id}: stop_id ${selector.stopId}`);
        if (selector.agencyId && !agencies.has(selector.agencyId))
          say('agency_id', `${entity.id}: ${selector.agencyId}`);
        checkTrip(selector.trip ?? null, entity.id);
      }
      for (const period of alert.activePeriod ?? []) {
        // Decoded messages keep an absent field's default on the prototype: only own fields were sent.
        const start = Object.hasOwn(period, 'start') ? Number(period.start) : null;
        const end = Object.hasOwn(period, 'end') ? Number(period.end) : null;
        for (const t of [start, end])
          if (t !== null && !isPosixSeconds(t)) say('E001', `${entity.id}: active_period ${t}`);
        if (start !== null && end !== null && end <= start)
          say('active_period', `${entity.id}: ends before it starts`);
      }
      if ((alert.headerText?.translation?.length ?? 0) === 0) say('header_text', `${entity.id}: none`);
    }
  }
  return problems;
}
