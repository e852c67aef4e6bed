import { z } from 'zod';
import { IsoDate, idField } from '../queries.ts';
import { parseTime } from '../time.ts';

/**
 * The journey planner's input (timetable.plan, the /plan page's address): two stops, a date, a
 * time of day, whether the time is the latest arrival (arriveBy) or the earliest departure, and
 * whether only step-free journeys count (stepFree).
 */
export const PlanQueryInput = z
  .object({
    from: idField('from'),
    to: idField('to'),
    date: IsoDate,
    time: z
      .string({ error: 'time must be a time of day written HH:MM' })
      .refine(
        (t) => /^\d\d:\d\d$/.test(t) && parseTime(t) !== null,
        'time must be a time of day written HH:MM',
      ),
    arriveBy: z.boolean({ error: 'arriveBy must be true or false' }).optional(),
    /** Step-free only (issue 41): see PlanQuery.stepFree. */
    stepFree: z.boolean({ error: 'stepFree must be true or false' }).optional(),
  })
  .refine((q) => q.from !== q.to, { message: 'from and to must be different stops', path: ['to'] });
export type PlanQueryInput = z.infer<typeof PlanQueryInput>;
