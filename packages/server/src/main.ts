import { migrateToLatest, openDatabase } from '@bus/db';
import { buildApp } from './app.ts';
import { parseEnv } from './env.ts';
import { seedIfEmpty } from './services/seed.ts';

const env = parseEnv();
const db = openDatabase(env.DB_PATH);
await migrateToLatest(db.kysely);
await seedIfEmpty(db);
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
