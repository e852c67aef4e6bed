import { isIsoDate, toCalendarDate } from './calendar.ts';
import { type Direction, HOME_STOP_ID } from './domain.ts';

/** The timetable home's query parts as they arrive (URL, procedure input), ids already numbers. */
export interface DeparturesQueryParts {
  from?: number | null | undefined;
  to?: number | null | undefined;
  dir?: string | null | undefined;
  date?: string | null | undefined;
}

/**
 * Spec section 5: a date that is not a real YYYY-MM-DD falls back to today, any dir but
 * 'City bound' means 'Out bound', a missing from is the home station. `today` is passed in
 * because it depends on the injected clock (vilniusNow). Kept free of zod so the browser
 * bundle can use it.
 */
export function normalizeDeparturesQuery(
  input: DeparturesQueryParts,
  today: string,
): { from: number; to: number | null; dir: Direction; date: string } {
  toCalendarDate(today);
  const dir: Direction = input.dir === 'City bound' ? 'City bound' : 'Out bound';
  const date = typeof input.date === 'string' && isIsoDate(input.date) ? input.date : today;
  return { from: input.from ?? HOME_STOP_ID, to: input.to ?? null, dir, date };
}
