import type { OpenedDatabase } from '@bus/db';
import { countTimetable, replaceTimetable } from '@bus/db';
import { loadDefaultDataset } from '../import/default-dataset.ts';

/**
 * A fresh database gets the embedded Anykščiai timetable. A database that already holds a
 * timetable (any stop or line) is never touched.
 */
export async function seedIfEmpty(db: OpenedDatabase): Promise<boolean> {
  const counts = await countTimetable(db.kysely);
  if (counts.stops > 0 || counts.lines > 0) return false;
  replaceTimetable(db.sqlite, await loadDefaultDataset());
  return true;
}
