import { migrateToLatest, openDatabase, SERVER_BUSY_TIMEOUT_MS } from '@bus/db';
import { buildApp } from './app.ts';
import { parseEnv } from './env.ts';
import { seedIfEmpty } from './services/seed.ts';

const env = parseEnv();
const db = openDatabase(env.DB_PATH);
await migrateToLatest(db.kysely);
await seedIfEmpty(db);
// While serving, a short lock wait: a write that meets an import's lock is refused with 409
// at once instead of stalling every request (better-sqlite3 waits on the event loop).
db.sqlite.pragma(`busy_timeout = ${SERVER_BUSY_TIMEOUT_MS}`);
const app = await buildApp({ db, env });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal} received, closing`);
    void app.close().then(() => {
      db.sqlite.close();
      process.exit(0);
    });
  });
}

await app.listen({ port: env.PORT, host: env.HOST });
