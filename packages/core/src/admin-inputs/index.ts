/**
 * Inputs of the admin board (spec section 5), one file per feature: the same schemas check the
 * admin forms, the tRPC procedures and, through `parseAdminInput`, the legacy REST bodies.
 * fields.ts: the building blocks (ids, integers, texts); versions.ts: ids and the version a save
 * is made from; schedule-save.ts: the spec's schedule rules a save checks; error-mapping.ts:
 * failed input as the spec's (keyed) message.
 */

// Changes between buses.
export * from './change-rules.ts';
export * from './error-mapping.ts';
// Issue 41: fare rules and concessions.
export * from './fares.ts';
export { isValidMonthDay } from './fields.ts';
export * from './history.ts';
export * from './holidays.ts';
export * from './lines.ts';
// Issue 40: staff's punctuality report of live buses.
export * from './live.ts';
export * from './new-timetable.ts';
// Positions from a GTFS stops.txt.
export * from './position-import.ts';
export * from './publishing.ts';
export * from './rules.ts';
export * from './schedule-save.ts';
export * from './schedules.ts';
export * from './service-changes.ts';
export * from './sign-in.ts';
export * from './stops.ts';
export * from './versions.ts';
