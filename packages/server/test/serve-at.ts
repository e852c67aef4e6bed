import { vilniusInstant } from '@bus/core';
import { findUserByUsername, migrateToLatest, openDatabase } from '@bus/db';
import { parseEnv } from '../src/env.ts';
import { serve } from '../src/serve.ts';
import { addUser } from '../src/services/users.ts';

/*
 * The server the browser tests start (scripts/e2e.sh), never production: main.ts as it is, with
 * its clock fixed at one moment, SERVE_AT ('YYYY-MM-DDTHH:MM' on Vilnius' clock), the moment the
 * browser's clock is fixed at too (e2e/support.ts). The clock does not move: every test of the
 * run sees the same "today" and "now" on both sides, whenever and however slowly it runs.
 */
const at = process.env.SERVE_AT ?? '';
const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(at);
if (!match) {
  console.error(`SERVE_AT must be a Vilnius minute 'YYYY-MM-DDTHH:MM' (got '${at}')`);
  process.exit(2);
}
const [, date = '', hour = '', minute = ''] = match;
const instant = vilniusInstant(date, Number(hour) * 60 + Number(minute));
if (Number.isNaN(instant)) {
  console.error(`SERVE_AT is not a date: '${at}'`);
  process.exit(2);
}

// The browser tests' driver (issue 40, e2e/live.e2e.ts): with E2E_DRIVER ('name:password', set by
// scripts/e2e.sh) the database has a ROLE_DRIVER account of that name before the server answers,
// as `pnpm cli user add <name> --role ROLE_DRIVER` would make it.
const driver = /^([^:]+):(.+)$/.exec(process.env.E2E_DRIVER ?? '');
if (driver) {
  const [, name = '', password = ''] = driver;
  const db = openDatabase(parseEnv().DB_PATH);
  await migrateToLatest(db.kysely);
  if (!(await findUserByUsername(db.kysely, name))) await addUser(db.kysely, name, password, ['ROLE_DRIVER']);
  await db.kysely.destroy();
}

// SERVE_AT_FROM (a wall-clock instant, ms since 1970: the benchmark of live buses, scripts/bench/live.ts):
// the clock reads SERVE_AT at that instant and runs on from it, as a real server's does, so
// positions age as they do on the road. Without it the clock stands still.
const from = process.env.SERVE_AT_FROM === undefined ? null : Number(process.env.SERVE_AT_FROM);
if (from !== null && !Number.isFinite(from)) {
  console.error(`SERVE_AT_FROM must be milliseconds since 1970 (got '${process.env.SERVE_AT_FROM}')`);
  process.exit(2);
}
await serve(from === null ? () => new Date(instant) : () => new Date(instant + (Date.now() - from)));
