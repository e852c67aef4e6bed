export * from './network.ts';
export * from './plan.ts';
export * from './plan-input.ts';
export * from './running-trips.ts';
export * from './steps.ts';
export * from './timetable.ts';
export * from './types.ts';
