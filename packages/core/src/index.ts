export * from './admin-inputs/index.ts';
// Issue 42: the departure board.
export * from './board.ts';
export * from './bulk-schedules.ts';
export * from './calendar.ts';
export * from './change-diff.ts';
export * from './clock.ts';
export * from './copy-keys.ts';
export * from './data-check.ts';
export * from './dataset.ts';
export * from './date-bounds.ts';
export * from './departures.ts';
export * from './departures-query.ts';
export * from './domain.ts';
export * from './drive-inputs.ts';
export * from './easter.ts';
export * from './errors.ts';
// Issue 41 (fares): what a ride costs under a line's price list, and the bounds staff may save.
export * from './fares/fare-limits.ts';
export * from './fares/fares.ts';
// A journey's fare: each leg its own ticket, or a through fare for two legs in a row.
export * from './fares/journey-fares.ts';
export * from './geo/nearest-stops.ts';
// Issue 41: distances proposed from the stops' positions.
export * from './geo/road-distance.ts';
export * from './gtfs/csv.ts';
export * from './gtfs/feed.ts';
export * from './gtfs/publishing.ts';
export * from './gtfs/realtime.ts';
export * from './gtfs/realtime-alerts.ts';
export * from './gtfs/realtime-live.ts';
export * from './gtfs/service-dates.ts';
// Issue 29 (positions from a GTFS stops.txt): the other feed's stops, matched to ours.
export * from './gtfs/stops-txt.ts';
export * from './gtfs/trip-days.ts';
export * from './gtfs/validate.ts';
export * from './home-path.ts';
export * from './line-preview.ts';
// Issue 40 (live buses): following a trip from its bus's reported positions.
export * from './live/index.ts';
export * from './messages.ts';
export * from './new-timetables.ts';
export * from './pages.ts';
export * from './planner/index.ts';
export * from './plausibility.ts';
export * from './position-match.ts';
export * from './poster-timetable-change.ts';
export * from './printed-timetable.ts';
export * from './queries.ts';
export * from './reconcile.ts';
// Issue 41: the route distances file (`pnpm cli import-distances`).
export * from './route-distances.ts';
export * from './route-times.ts';
export * from './schedule-window.ts';
export * from './server-messages.ts';
export * from './service-changes/index.ts';
export * from './service-day.ts';
export * from './stale-copies.ts';
export * from './stop-search.ts';
export * from './text.ts';
export * from './text-lines.ts';
export * from './text-rules.ts';
export * from './time.ts';
export * from './timetable-check/index.ts';
export * from './timetable-compare.ts';
export * from './vilnius-instant.ts';
