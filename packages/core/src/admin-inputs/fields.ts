import { type ZodType, z } from 'zod';
import { daysInMonth } from '../calendar.ts';
import { MESSAGES } from '../messages.ts';
import { checkFieldText, type TextField } from '../text-rules.ts';

/**
 * The building blocks of the admin inputs (one file per feature beside this one). Inputs of the admin board (spec section 5). The same schemas check the admin forms, the
 * tRPC procedures and, through `parseAdminInput`, the legacy REST bodies. Every problem is
 * reported with one of the spec's messages (never zod's own wording), so whoever validates
 * shows the same text; the issue path still says which field to outline.
 *
 * Ids: an entity that exists has a positive id; a new one has null (or is missing) or a
 * negative temporary id (spec section 4). Fields the old client sends as text (Appendix C of
 * the REST contract: numeric strings, '' for "none", 'true'/'false') are accepted as such.
 * Text fields follow text-rules.ts: an empty required one gets the spec's message; one too
 * long, or with control characters or direction overrides, gets a message naming the field.
 */

export const failed = { error: MESSAGES.inputFailed };
export const MAX_ID = Number.MAX_SAFE_INTEGER;
const INTEGER_TEXT = /^-?\d+$/;

/** Id of an existing entity (> 0), or null for a new one; a negative id is a new one's temporary id. */
export const EntityId = z
  .number(failed)
  .int(failed)
  .nullish()
  .transform((id) => id ?? null);

export function toInteger(value: number | string): number {
  const text = typeof value === 'string' ? value.trim() : '';
  const n = typeof value === 'number' ? value : INTEGER_TEXT.test(text) ? Number(text) : Number.NaN;
  return Number.isSafeInteger(n) ? n : Number.NaN;
}

/** An integer in [min, max], given as a number or as its digits. */
export function intLike(min: number, max: number) {
  return z.union([z.number(failed), z.string(failed)], failed).transform((value, ctx) => {
    const n = toInteger(value);
    if (Number.isNaN(n) || n < min || n > max) {
      ctx.issues.push({ code: 'custom', message: MESSAGES.inputFailed, input: value });
      return z.NEVER;
    }
    return n;
  });
}

/** Like intLike; null, missing and '' mean "none". */
export function optionalIntLike(min: number, max: number) {
  return z
    .union([z.number(failed), z.string(failed)], failed)
    .nullish()
    .transform((value, ctx): number | null => {
      if (value === null || value === undefined) return null;
      if (typeof value === 'string' && value.trim() === '') return null;
      const n = toInteger(value);
      if (Number.isNaN(n) || n < min || n > max) {
        ctx.issues.push({ code: 'custom', message: MESSAGES.inputFailed, input: value });
        return z.NEVER;
      }
      return n;
    });
}

/** true, or 'true' as the old client sends it; everything else allowed here ('' too) is false. */
export const BoolLike = z
  .union([z.boolean(), z.literal('true'), z.literal('false'), z.literal('')], failed)
  .nullish()
  .transform((value) => value === true || value === 'true');

/**
 * A text field checked by text-rules.ts: the normalised text, null for a blank optional one,
 * or an issue (the spec's message for a missing required one, else one naming the field).
 */
export function checkText(
  field: TextField,
  raw: string | null | undefined,
  required: boolean,
  ctx: z.RefinementCtx,
) {
  const checked = checkFieldText(field, raw, required);
  if (checked.ok) return checked.value;
  // Nothing typed at all is the spec's own case; invisible-only text is named.
  ctx.issues.push({
    code: 'custom',
    message: checked.blank ? MESSAGES.inputFailed : checked.message,
    input: raw,
  });
  return z.NEVER;
}

/** Required text of a field, stored trimmed and NFC-normalised. */
export function requiredText(field: TextField) {
  return z.string(failed).transform((raw, ctx) => checkText(field, raw, true, ctx) as string);
}

/** Optional text of a field: blank means none (null). */
export function optionalText(field: TextField) {
  return z
    .string(failed)
    .nullish()
    .transform((raw, ctx) => checkText(field, raw, false, ctx));
}

/** A list the old client may send as null. */
export function list<T extends ZodType>(item: T) {
  return z
    .array(item, failed)
    .nullish()
    .transform((items): z.output<T>[] => items ?? []);
}

/**
 * A month and day that some year has: 02-29 is allowed (holidays and periods repeat every
 * year, and a leap year has it), 04-31 is not.
 */
export function isValidMonthDay(month: number, day: number): boolean {
  return Number.isInteger(day) && day >= 1 && day <= daysInMonth(2000, month);
}

/** No id given twice; with `storedOnly`, only ids of stored entities count (temporary ids may repeat). */
export function uniqueIds(items: readonly { id: number | null }[], storedOnly = true): boolean {
  const ids = items.map((i) => i.id).filter((id): id is number => id !== null && (!storedOnly || id > 0));
  return new Set(ids).size === ids.length;
}

/**
 * An object of these fields that must also hold `holds` as a whole; a failure outlines `path`
 * (none given: the whole object).
 */
export function objectWhere<S extends z.core.$ZodLooseShape>(
  shape: S,
  holds: (value: z.output<ReturnType<typeof z.object<S>>>) => boolean,
  path?: PropertyKey[],
) {
  return z.object(shape, failed).refine(holds, path ? { ...failed, path } : failed);
}
