export * from './connection.ts';
export type * from './schema.ts';
