import { DomainError, isValidTime } from '@bus/core';
import { z } from 'zod';
import { zodMessage } from '../trpc/init.ts';

/**
 * Inputs as the old clients send them (rest-contract.md, Appendix C): Jackson coerced
 * numeric strings to numbers, '' to null, 'true'/'false' to booleans, and read times as
 * 'HH:MM' or 'HH:MM:SS'. These schemas accept exactly that and hand the services clean values.
 */
export const legacyId = z.union([
  z.number().int(),
  z
    .string()
    .trim()
    .regex(/^-?\d*$/, 'must be a whole number')
    .transform((v) => (v === '' ? null : Number(v))),
  z.null(),
]);

export const legacyBoolean = z.union([
  z.boolean(),
  z.enum(['true', 'false', '']).transform((v) => v === 'true'),
  z.null().transform(() => false),
]);

/** 'HH:MM' or 'HH:MM:SS' -> 'HH:MM'; '' or null -> null (an empty cell). */
export const legacyTime = z.union([
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === '') return null;
      const hhmm = /^\d{2}:\d{2}:\d{2}(\.\d+)?$/.test(v) ? v.slice(0, 5) : v;
      if (!isValidTime(hhmm)) {
        ctx.addIssue({ code: 'custom', message: `time '${v}' must be HH:MM between 00:00 and 23:59` });
        return z.NEVER;
      }
      return hhmm;
    }),
  z.null(),
]);

/** A query parameter holding a stop/line id; '' means missing. */
export const legacyQueryId = z
  .string()
  .trim()
  .regex(/^\d*$/, 'must be a whole number')
  .transform((v) => (v === '' ? null : Number(v)))
  .optional()
  .transform((v) => v ?? null);

/** A required numeric id in the query string (a path or query parameter). */
export function legacyRequiredId(name: string) {
  return z
    .string({ error: `${name} is required` })
    .trim()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number);
}

/** Parses with a schema, failing as the product does everywhere: 400 with a readable message. */
export function parseLegacy<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new DomainError('INVALID_INPUT', zodMessage(result.error));
  return result.data;
}
