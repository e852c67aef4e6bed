import type { Migration, MigrationProvider } from 'kysely';
import * as initialSchema from './2026-11-22-initial-schema.ts';

/** Inline provider: migrations are bundled with the code, keyed by date-prefixed name. */
export const migrations: Record<string, Migration> = {
  '2026-11-22-initial-schema': initialSchema,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
