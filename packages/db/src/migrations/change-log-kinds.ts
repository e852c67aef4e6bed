import type { Kysely } from 'kysely';
import { rebuildTable, withForeignKeysOff } from './rebuild-table.ts';

/**
 * A migration that adds a kind of thing (or several) to the history: `first` (the new tables)
 * and then change_log's CHECK on its kinds rebuilt the documented way (a new table, the rows
 * copied with their ids, renamed back) with `kind` added to whatever list it has, in one
 * transaction with the foreign keys off, checked before the commit. Used by
 * 2026-11-30-service-changes, 2026-12-02-change-places, 2026-12-06-fares and
 * 2026-12-09-through-fares.
 */
export async function withChangeLogKind(
  db: Kysely<unknown>,
  kind: string | readonly string[],
  first: (db: Kysely<unknown>) => Promise<void>,
): Promise<void> {
  await withForeignKeysOff(db, async () => {
    await first(db);
    await rebuildTable(db, 'change_log', (create) => {
      const kinds = /kind IN \(([^)]*)\)/.exec(create);
      if (!kinds) throw new Error('change_log has no CHECK on its kinds');
      const missing = [kind].flat().filter((k) => !(kinds[1] as string).includes(`'${k}'`));
      if (missing.length === 0) return null;
      return create.replace(kinds[0], `kind IN (${kinds[1]}, ${missing.map((k) => `'${k}'`).join(', ')})`);
    });
  });
}
