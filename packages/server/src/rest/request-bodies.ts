import {
  SaveHolidayFields,
  SaveLineFields,
  SaveStopFields,
  ScheduleDraft,
  SignInInput,
  YearlyRuleInput,
} from '@bus/core';
import { z } from 'zod';

/** A list the old client posts: the complete set of one line's schedules, each naming the line. */
const ScheduleDtoList = z.array(
  ScheduleDraft.extend({
    lineId: z
      .union([z.number().int(), z.string()])
      .describe('The line of the schedule (a numeric string for new ones); one line per request.'),
  }),
);

/**
 * Request bodies: the zod schemas the handlers validate with (the schedule list adds the line
 * each schedule names). Documented by their input side, where the legacy coercions show.
 */
export const REQUEST_BODIES = {
  SignInInput: { schema: SignInInput },
  SaveHolidayInput: { schema: SaveHolidayFields },
  SaveStopInput: { schema: SaveStopFields },
  SaveLineInput: {
    schema: SaveLineFields,
    description:
      'A LineFull as read from get-line-full, edited. New notes and routes have null or negative ids; ' +
      'routes left out are deleted (409 when schedules use them). routeTypeOptions and routeUsage are ignored.',
  },
  ScheduleDtoList: {
    schema: ScheduleDtoList,
    description:
      'The schedules of one line as read from schedule-by-line, edited or not. A schedule sent back exactly as ' +
      'it was at an earlier time but not as it is now (someone else changed it since the list was loaded) ' +
      'refuses the whole save with 409, nothing written.',
  },
  RuleList: {
    schema: z.array(YearlyRuleInput),
    description:
      'The complete set of rules: stored rules left out are deleted (409 when schedules use them).',
  },
} satisfies Record<string, { schema: z.ZodType; description?: string }>;

export type RequestBodyName = keyof typeof REQUEST_BODIES;
