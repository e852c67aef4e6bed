export * from './domain.ts';
export * from './text.ts';
export * from './time.ts';
export * from './dataset.ts';
