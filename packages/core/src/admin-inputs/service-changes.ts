import { z } from 'zod';
import { daysBetween } from '../calendar.ts';
import { storedDateProblem } from '../date-bounds.ts';
import { isWebAddress } from '../gtfs/publishing.ts';
import { englishMessage, type ServiceChangeProblem, serverMessage } from '../server-messages.ts';
import { ALERT_CAUSES, ALERT_EFFECTS, SERVICE_CHANGE_KINDS } from '../service-changes/types.ts';
import { parseTime } from '../time.ts';
import { EntityId, failed, intLike, MAX_ID, optionalText } from './fields.ts';
import { BaseVersion } from './versions.ts';

// Service changes (issue 27): cancelled trips, changed times, closed stops and notices.

/** The longest a change may last when it changes what runs (a year). */
export const MAX_CHANGE_DAYS = 366;
/** The most a retime may shift a trip, in minutes either way. */
export const MAX_SHIFT_MINUTES = 12 * 60;
/** The most trips, stops or lines one change may name. */
export const MAX_CHANGE_ITEMS = 500;

const problemText = (problem: ServiceChangeProblem) =>
  englishMessage(serverMessage('serviceChangeInvalid', { problem }));

/** A date or none: a calendar date within STORED_DATES (date-bounds.ts), else refused. */
const date = z
  .string(failed)
  .nullish()
  .transform((value, ctx): string | null => {
    if (value === null || value === undefined || value.trim() === '') return null;
    const problem = storedDateProblem(value.trim());
    if (problem === null) return value.trim();
    ctx.issues.push({ code: 'custom', message: problem, input: value });
    return z.NEVER;
  });

const ids = z
  .array(intLike(1, MAX_ID), failed)
  .max(MAX_CHANGE_ITEMS, failed)
  .nullish()
  .transform((list) => [...new Set(list ?? [])].sort((a, b) => a - b));

const noticeUrl = optionalText('webAddress').transform((value, ctx) => {
  if (value === null || isWebAddress(value)) return value;
  ctx.issues.push({ code: 'custom', message: problemText('url'), input: value });
  return z.NEVER;
});

export const StopTimeChangeInput = z.object(
  {
    tripId: intLike(1, MAX_ID),
    index: intLike(0, 10_000),
    time: z.string(failed).refine((t) => parseTime(t.trim()) !== null, {
      message: problemText('time'),
    }),
  },
  failed,
);

/**
 * A service change as staff save it (tRPC and the CLI). Blank titles of a cancel, retime or
 * closure are written by the server from what the change does; a notice needs its own.
 */
const changeShape = {
  id: EntityId,
  kind: z.enum(SERVICE_CHANGE_KINDS, failed),
  from: date,
  until: date,
  lineIds: ids,
  stopIds: ids,
  tripIds: ids,
  shiftMinutes: z
    .number(failed)
    .int(failed)
    .min(-MAX_SHIFT_MINUTES, { message: problemText('shift') })
    .max(MAX_SHIFT_MINUTES, { message: problemText('shift') })
    .nullish()
    .transform((v) => v ?? null),
  stopTimes: z
    .array(StopTimeChangeInput, failed)
    .max(MAX_CHANGE_ITEMS, failed)
    .nullish()
    .transform((list) => (list ?? []).map((st) => ({ ...st, time: st.time.trim().slice(0, 5) }))),
  insteadStopId: z
    .number(failed)
    .int(failed)
    .min(1, failed)
    .nullish()
    .transform((v) => v ?? null),
  reason: optionalText('changeReason'),
  titleLt: optionalText('noticeTitle'),
  textLt: optionalText('noticeText'),
  titleEn: optionalText('noticeTitle'),
  textEn: optionalText('noticeText'),
  cause: z.enum(ALERT_CAUSES, failed).nullish(),
  effect: z.enum(ALERT_EFFECTS, failed).nullish(),
  url: noticeUrl,
};

type ChangeShapeOutput = z.output<z.ZodObject<typeof changeShape>>;

function checkChange(c: ChangeShapeOutput, ctx: z.RefinementCtx): void {
  const problem = (p: ServiceChangeProblem, path: string) =>
    ctx.issues.push({ code: 'custom', message: problemText(p), input: c, path: [path] });
  const changesService = c.kind !== 'notice';
  if (changesService && c.from === null) problem('fromRequired', 'from');
  if (c.from !== null && c.until !== null) {
    if (c.until < c.from) problem('datesOrder', 'until');
    else if (changesService && daysBetween(c.from, c.until) + 1 > MAX_CHANGE_DAYS)
      problem('tooLong', 'until');
  }
  if ((c.kind === 'cancel' || c.kind === 'retime') && c.tripIds.length === 0)
    problem('tripsRequired', 'tripIds');
  if (c.kind === 'retime' && (c.shiftMinutes ?? 0) === 0 && c.stopTimes.length === 0)
    problem('retimeNothing', 'shiftMinutes');
  if (c.kind === 'retime' && c.stopTimes.some((st) => !c.tripIds.includes(st.tripId)))
    problem('timesOfOtherTrip', 'stopTimes');
  if (c.kind !== 'retime' && (c.shiftMinutes !== null || c.stopTimes.length > 0))
    problem('retimeOnly', 'shiftMinutes');
  if (c.kind === 'closure' && c.stopIds.length !== 1) problem('oneStop', 'stopIds');
  if (c.kind !== 'closure' && c.insteadStopId !== null) problem('insteadOnlyClosure', 'insteadStopId');
  if (c.kind === 'closure' && c.insteadStopId !== null && c.stopIds.includes(c.insteadStopId))
    problem('insteadSame', 'insteadStopId');
  if (c.kind === 'notice' && c.titleLt === null) problem('titleRequired', 'titleLt');
  if (c.titleLt === null && (c.titleEn !== null || c.textLt !== null)) problem('titleRequired', 'titleLt');
  if (c.titleEn === null && c.textEn !== null) problem('titleEnRequired', 'titleEn');
}

function completeChange<C extends ChangeShapeOutput>(c: C) {
  return {
    ...c,
    // A cancel or retime of one day needs no end date.
    until: (c.kind === 'cancel' || c.kind === 'retime') && c.until === null ? c.from : c.until,
    cause: c.cause ?? 'UNKNOWN_CAUSE',
    effect: c.effect ?? defaultEffect(c.kind),
  };
}

/** A change without the version (the CLI, which has none). */
export const ServiceChangeFields = z
  .object(changeShape, failed)
  .superRefine(checkChange)
  .transform(completeChange);
export type ServiceChangeFields = z.infer<typeof ServiceChangeFields>;

/** The GTFS-Realtime effect a change has unless staff say otherwise. */
export function defaultEffect(kind: (typeof SERVICE_CHANGE_KINDS)[number]) {
  switch (kind) {
    case 'cancel':
      return 'NO_SERVICE' as const;
    case 'retime':
      return 'MODIFIED_SERVICE' as const;
    case 'closure':
      return 'STOP_MOVED' as const;
    case 'notice':
      return 'OTHER_EFFECT' as const;
  }
}

/** A change as the admin board saves it: with the version it was made from (0 for a new one). */
export const SaveServiceChangeInput = z
  .object({ ...changeShape, baseVersion: BaseVersion }, failed)
  .superRefine(checkChange)
  .transform(completeChange);
export type SaveServiceChangeInput = z.infer<typeof SaveServiceChangeInput>;

/** The admin list: filtered by line and by a date the change holds on (both optional). */
export const ListServiceChangesInput = z
  .object(
    {
      lineId: intLike(1, MAX_ID).nullish(),
      date: date,
    },
    failed,
  )
  .nullish()
  .transform((v) => ({ lineId: v?.lineId ?? null, date: v?.date ?? null }));
export type ListServiceChangesInput = z.infer<typeof ListServiceChangesInput>;
