import { type OpenedDatabase, pingDatabase } from '@bus/db';

/** Answers only after the database has answered a query. */
export function checkHealth(db: OpenedDatabase): { status: 'ok' } {
  pingDatabase(db.sqlite);
  return { status: 'ok' };
}
