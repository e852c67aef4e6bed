import type { OpenedDatabase } from '@bus/db';

/** Answers only after the database has answered a query. */
export function checkHealth(db: OpenedDatabase): { status: 'ok' } {
  db.sqlite.prepare('SELECT 1').get();
  return { status: 'ok' };
}
