import type { OpenedDatabase } from '@bus/db';
import type { FastifyInstance } from 'fastify';

/** Requests in flight get this long to finish after SIGTERM or SIGINT. */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * A clean stop: no new connections, requests in flight finish (up to `graceMs`; then the
 * remaining connections are cut), then the write-ahead log is checkpointed into the database
 * file and the database is closed, so the file alone is a complete copy.
 */
export async function shutdown(
  app: FastifyInstance,
  db: OpenedDatabase,
  { graceMs = SHUTDOWN_GRACE_MS }: { graceMs?: number } = {},
): Promise<{ timedOut: boolean }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A keep-alive connection whose request has just finished is idle: let it go at once
  // instead of waiting for the client to drop it.
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  const timedOut = await Promise.race([
    app.close().then(() => false),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), graceMs);
    }),
  ]);
  clearTimeout(timer);
  clearInterval(sweep);
  if (timedOut) app.server.closeAllConnections();
  if (db.sqlite.open) {
    if (!db.sqlite.memory) db.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    db.sqlite.close();
  }
  return { timedOut };
}

/** SIGTERM and SIGINT stop the server cleanly (see shutdown), once. */
export function stopOnSignals(app: FastifyInstance, db: OpenedDatabase): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      app.log.info(`${signal} received: finishing requests in flight, then closing`);
      void shutdown(app, db).then(({ timedOut }) => {
        if (timedOut) app.log.warn('requests still running after 10 s were cut off');
        process.exit(0);
      });
    });
  }
}
