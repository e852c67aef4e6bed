import type { TimetableDataset } from '../dataset.ts';
import { backwardSteps, directionContradicted } from '../plausibility.ts';
import { type Add, lineNames, scheduleRef, scheduleTarget, type TripEnd } from './findings.ts';

/** Each trip's times against its route: their count, the missing ones, going backwards, the direction. */
export function checkTrips(dataset: TimetableDataset, add: Add): void {
  const names = lineNames(dataset);
  const stopName = new Map(dataset.stops.map((s) => [s.id, s.name]));
  const routes = new Map(dataset.lines.flatMap((l) => l.routes.map((r) => [r.id, r] as const)));
  for (const schedule of dataset.schedules) {
    const ref = scheduleRef(schedule, names);
    for (const trip of schedule.trips) {
      const route = routes.get(trip.routeId);
      if (!route) continue; // a broken reference: checkDatasetReferences refuses such data
      const times = trip.timeList;
      // Most trips are fine: nothing is built for them (a national timetable has 300,000).
      let missing = 0;
      for (const time of times) if (time === null || time === '') missing++;
      const { steps, comparisons } = backwardSteps(times);
      // Travel order is the route drawn backwards for a reversed trip.
      const lastIndex = route.stopIds.length - 1;
      const firstStop = route.stopIds[trip.routeDirReversed ? lastIndex : 0];
      const lastStop = route.stopIds[trip.routeDirReversed ? 0 : lastIndex];
      const wrongWay =
        trip.boundFor !== 'One way' && directionContradicted(trip.boundFor, firstStop, lastStop);
      if (times.length === route.stopIds.length && missing === 0 && steps.length === 0 && !wrongWay) continue;

      const tripRef = { tripId: trip.id, ...ref };
      const target = [scheduleTarget(ref)];
      if (times.length !== route.stopIds.length) {
        add(
          'timeCount',
          { ...tripRef, routeId: route.id, times: times.length, stops: route.stopIds.length },
          target,
        );
      }
      if (missing > 0) add('missingTimes', { ...tripRef, missing, total: times.length }, target);
      if (wrongWay && trip.boundFor !== 'One way' && firstStop !== undefined && lastStop !== undefined) {
        const end = (stopId: number, time: string | null | undefined): TripEnd => ({
          stopId,
          stopName: stopName.get(stopId) ?? `#${stopId}`,
          time: time === undefined || time === '' ? null : time,
        });
        add(
          'directionMismatch',
          {
            ...tripRef,
            boundFor: trip.boundFor,
            routeId: route.id,
            reversed: trip.routeDirReversed,
            // A time list that does not match the route names no time of its ends.
            first: end(firstStop, times.length === route.stopIds.length ? times[0] : null),
            last: end(lastStop, times.length === route.stopIds.length ? times[lastIndex] : null),
          },
          target,
        );
      }
      const first = steps[0];
      if (first) {
        // Times are in travel order, which is the route drawn backwards for a reversed trip.
        const stopId =
          (trip.routeDirReversed
            ? route.stopIds[route.stopIds.length - 1 - first.index]
            : route.stopIds[first.index]) ?? null;
        add(
          'timesBackwards',
          {
            ...tripRef,
            position: first.index + 1,
            stopCount: times.length,
            stopId,
            stopName: stopId === null ? null : (stopName.get(stopId) ?? `#${stopId}`),
            from: first.from,
            to: first.to,
            steps: steps.length,
            routeOrder: steps.length > 1 && steps.length === comparisons,
          },
          target,
        );
      }
    }
  }
}
