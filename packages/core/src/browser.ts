/**
 * The zod-free part of core for the browser's initial bundle (`@bus/core/browser`): the
 * package entry also builds the zod schemas at module level, which tree-shaking cannot drop.
 */
// Issue 42: the departure board's own rules (its stops, where a departure leaves from).
export * from './board.ts';
export * from './calendar.ts';
export * from './clock.ts';
export * from './departures-query.ts';
export * from './domain.ts';
// Issue 41: the bounds of a fare rule (the messages name them).
export * from './fares/fare-limits.ts';
// Issue 41: what a ride costs (no zod).
export * from './fares/fares.ts';
// A journey's fare: each leg its own ticket, or a through fare for two legs in a row.
export * from './fares/journey-fares.ts';
// The nearest stops (Stops near me).
export * from './geo/nearest-stops.ts';
// The stops.txt problems the server's messages name.
export type { StopsTxtProblem } from './gtfs/stops-txt.ts';
// The page table: the app's routes and the server's page heads.
export * from './home-path.ts';
export * from './pages.ts';
export * from './reconcile.ts';
export * from './server-messages.ts';
export * from './service-changes/index.ts';
export * from './service-day.ts';
export * from './stop-search.ts';
export * from './text.ts';
export * from './time.ts';
export * from './timetable-compare.ts';
export * from './vilnius-instant.ts';
