export * from './day-changes.ts';
export * from './texts.ts';
export * from './types.ts';
