export * from './day-changes.ts';
// Issue 27: the departures with the date's changes.
export * from './departures.ts';
export * from './texts.ts';
export * from './types.ts';
