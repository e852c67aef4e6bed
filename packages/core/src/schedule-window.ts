import { z } from 'zod';
import { addDays } from './calendar.ts';
import { storedDateProblem } from './date-bounds.ts';
import { MESSAGES } from './messages.ts';

/**
 * A schedule's validity window (issue 28) as it is given: in the project's JSON format, the
 * admin saves and "New timetable from ...". 'YYYY-MM-DD' or null on each side, inclusive;
 * the service-day rule that applies it is windowContains in service-day.ts.
 */

/**
 * A window bound: a calendar date within STORED_DATES (date-bounds.ts), or null (also when
 * absent or blank) for no bound.
 */
export const WindowBound = z
  .string()
  .nullable()
  .transform((value, ctx) => {
    const text = value?.trim() ?? '';
    if (text === '') return null;
    const problem = storedDateProblem(text);
    if (problem !== null) {
      ctx.issues.push({ code: 'custom', message: problem, input: value });
      return z.NEVER;
    }
    return text;
  })
  .optional();

export interface WindowFields {
  validFrom?: string | null;
  validUntil?: string | null;
}

/** A window that ends before it starts (both dates given and until < from). */
export function windowOutOfOrder(window: WindowFields): boolean {
  const from = window.validFrom ?? null;
  const until = window.validUntil ?? null;
  return from !== null && until !== null && until < from;
}

/** A zod check for objects carrying a window: refuses one that ends before it starts. */
export function checkWindowOrder(window: WindowFields, ctx: z.RefinementCtx): void {
  if (windowOutOfOrder(window))
    ctx.addIssue({ code: 'custom', message: MESSAGES.scheduleWindowOrder, path: ['validUntil'] });
}

/** The window of an old timetable replaced from `from`: it ends the day before. */
export function endBefore(from: string): string {
  return addDays(from, -1);
}
