import { z } from 'zod';
import { storedDateProblem } from '../date-bounds.ts';
import {
  PUNCTUALITY_DEFAULTS,
  PUNCTUALITY_MAX_DAYS,
  PUNCTUALITY_MAX_MINUTES,
  punctualityPeriodProblem,
} from '../live/punctuality.ts';
import { englishMessage, serverMessage } from '../server-messages.ts';
import { failed } from './fields.ts';

/*
 * Staff's punctuality report (issue 40, the "Live" page): a period of dates and what counts as
 * on time. Each date is a calendar date within STORED_DATES (date-bounds.ts, as every date staff
 * give); the period runs forwards and covers at most PUNCTUALITY_MAX_DAYS; each bound is a whole
 * number of minutes from 0 to PUNCTUALITY_MAX_MINUTES. Anything else: 400 with a clear message.
 */

const date = z.string(failed).superRefine((text, ctx) => {
  const problem = storedDateProblem(text);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem, input: text });
});

function minutes(field: 'earlyMinutes' | 'lateMinutes') {
  const message = englishMessage(
    serverMessage('punctualityMinutes', { field, max: PUNCTUALITY_MAX_MINUTES }),
  );
  return z
    .number({ error: message })
    .int({ error: message })
    .min(0, { error: message })
    .max(PUNCTUALITY_MAX_MINUTES, { error: message })
    .default(PUNCTUALITY_DEFAULTS[field]);
}

export const LivePunctualityInput = z
  .object(
    {
      /** The period's first date ('YYYY-MM-DD', Vilnius). */
      from: date,
      /** Its last date, included. */
      until: date,
      earlyMinutes: minutes('earlyMinutes'),
      lateMinutes: minutes('lateMinutes'),
    },
    failed,
  )
  .superRefine((input, ctx) => {
    // A date that is refused says so alone.
    if (storedDateProblem(input.from) !== null || storedDateProblem(input.until) !== null) return;
    const problem = punctualityPeriodProblem(input.from, input.until);
    if (problem !== null)
      ctx.addIssue({
        code: 'custom',
        message: englishMessage(
          serverMessage('punctualityPeriod', { problem, maxDays: PUNCTUALITY_MAX_DAYS }),
        ),
        input,
      });
  });
export type LivePunctualityInput = z.infer<typeof LivePunctualityInput>;
