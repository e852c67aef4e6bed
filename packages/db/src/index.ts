export * from './backup.ts';
export * from './checkpoints.ts';
export * from './connection.ts';
export type * from './live/schema.ts';
// Live buses: a database of their own (live/schema.ts says why).
export * from './live/store.ts';
export * from './private-files.ts';
export * from './read-snapshot/change-stamp.ts';
export { type RefreshPlan, refreshPlan, refreshSnapshot } from './read-snapshot/refresh.ts';
export {
  type ReadSnapshot,
  readSnapshot,
  readSnapshotApart,
  type SearchStop,
  type Slicing,
} from './read-snapshot/snapshot.ts';
export { PACKED_MAX_STOPS, type TripFacts } from './read-snapshot/trip-facts.ts';
// The journey planner's reads and the changes between buses.
export * from './repositories/change-rules.ts';
export * from './repositories/dataset.ts';
export * from './repositories/departure-index.ts';
export * from './repositories/departures.ts';
// Issue 41: fare rules and concessions.
export * from './repositories/fares.ts';
export * from './repositories/history.ts';
export * from './repositories/holidays.ts';
export * from './repositories/import-marker.ts';
export * from './repositories/lines.ts';
export * from './repositories/planner-timetable.ts';
export * from './repositories/publishing.ts';
export * from './repositories/restore.ts';
export * from './repositories/rules.ts';
export * from './repositories/schedules.ts';
export * from './repositories/service-changes.ts';
export * from './repositories/sign-in-failures.ts';
export * from './repositories/stops.ts';
export * from './repositories/trip-times.ts';
export * from './repositories/users.ts';
export type * from './schema.ts';
