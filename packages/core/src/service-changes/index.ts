export * from './day-changes.ts';
// Part B of issue 27: the departures with the date's changes.
export * from './departures.ts';
export * from './texts.ts';
export * from './types.ts';
