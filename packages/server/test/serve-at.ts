import { vilniusInstant } from '@bus/core';
import { serve } from '../src/serve.ts';

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
await serve(() => new Date(instant));
