import type { OpenedDatabase } from '@bus/db';

/** 'SELECT 1' prepared once per database handle, not once per request. */
const probes = new WeakMap<OpenedDatabase['sqlite'], () => unknown>();

/** Answers only after the database has answered a query. */
export function checkHealth(db: OpenedDatabase): { status: 'ok' } {
  let probe = probes.get(db.sqlite);
  if (!probe) {
    const statement = db.sqlite.prepare('SELECT 1');
    probe = () => statement.get();
    probes.set(db.sqlite, probe);
  }
  probe();
  return { status: 'ok' };
}
