import { DomainError } from '@bus/core';
import { z } from 'zod';
import { zodMessage } from '../trpc/init.ts';

/**
 * Query and path values as the old clients send them (rest-contract.md, Appendix C): ids as
 * digits, '' meaning "none". The request bodies' legacy forms (numeric strings, '' for none,
 * 'true'/'false', 'HH:MM:SS') are accepted by the core admin schemas themselves, so both
 * transports validate them alike.
 */

/**
 * A query or path value that must be one piece of text: missing says '<name> is required';
 * a parameter given twice (the query parser makes it a list) says so, instead of "required".
 */
export function legacyText(name: string) {
  return z.string({
    error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be given once`),
  });
}

/** Digits -> a number; refuses ids beyond what a number holds exactly (they name nothing). */
function digitsToId(text: string, ctx: z.RefinementCtx, message: string): number {
  const id = Number(text);
  if (!Number.isSafeInteger(id)) {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  }
  return id;
}

/** A query parameter holding a stop/line id; '' (or missing) means none. */
export const legacyQueryId = z
  .string({ error: 'must be given once' })
  .trim()
  .regex(/^\d*$/, 'must be a whole number')
  .transform((v, ctx) => (v === '' ? null : digitsToId(v, ctx, 'must be a whole number')))
  .optional()
  .transform((v) => v ?? null);

/** A required numeric id in the query string (a path or query parameter). */
export function legacyRequiredId(name: string) {
  const message = `${name} must be a whole number`;
  return legacyText(name)
    .trim()
    .regex(/^\d+$/, message)
    .transform((v, ctx) => digitsToId(v, ctx, message));
}

/** Parses with a schema, failing as the product does everywhere: 400 with a readable message. */
export function parseLegacy<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new DomainError('INVALID_INPUT', zodMessage(result.error));
  return result.data;
}
