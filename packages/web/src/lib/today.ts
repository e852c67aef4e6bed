import { vilniusNow } from './core.ts';

/** Today's date in Vilnius, 'YYYY-MM-DD' (domain rules: never the browser's own zone). */
export function todayInVilnius(): string {
  return vilniusNow().date;
}
