import {
  type Clock,
  DomainError,
  englishMessage,
  findLoneSurrogate,
  HTTP_STATUS,
  issuesProblem,
  type KeyedMessage,
  pickValidationMessage,
  serverMessage,
  textNotUnicode,
} from '@bus/core';
import { isDatabaseBusy, type OpenedDatabase } from '@bus/db';
import { initTRPC, type TRPCDefaultErrorShape, type TRPCError, type TRPCErrorFormatter } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';
import { authorizeAdmin, authorizeRole, DRIVER_ROLE } from '../auth/authorize.ts';
import type { AuthRuntime } from '../auth/runtime.ts';
import type { Env } from '../env.ts';
import { trpcErrorOf } from '../http-errors.ts';
import type { LiveLayer } from '../live/layer.ts';
import type { ReadContext } from '../public-read/read-context.ts';
import type { SignInLog } from '../services/auth.ts';

export interface Context {
  db: OpenedDatabase;
  env: Env;
  /** 'Now' for tooLate and today's date; tests inject a fixed one. */
  clock: Clock;
  /** Client address, for rate limiting. */
  ip: string;
  /** The raw Authorization header; admin procedures verify it. */
  authorization: string | undefined;
  /** Token key and sign-in limiter of this app instance. */
  auth: AuthRuntime;
  /** Sets a header of the HTTP answer (Retry-After of a refused sign-in). */
  setResponseHeader: (name: string, value: string) => void;
  /** The request's logger. */
  log: SignInLog;
  /** The request's read context (public-read/): the data generation read once per request. */
  read: () => ReadContext;
  /** Live buses (issue 40): the live database and the state laid over the public answers. */
  live: LiveLayer;
}

/**
 * Readable text for a zod failure: 'from: Expected number' joined by '; '. Admin inputs
 * carry the spec's validation messages (section 5); those are sent alone and verbatim.
 */
export function zodMessage(error: ZodError): string {
  const specMessage = pickValidationMessage(error.issues.map((i) => i.message));
  if (specMessage !== null) return specMessage;
  return error.issues
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

/** `data.messageKey` and `data.messageParams` of an error: the client words the message in its language. */
function keyed(message: KeyedMessage | null): { messageKey?: string; messageParams?: unknown } {
  return message ? { messageKey: message.key, messageParams: message.params } : {};
}

const errorFormatter: TRPCErrorFormatter<Context, TRPCDefaultErrorShape> = ({ shape, error }) => {
  // A stack trace never leaves the server, in any mode.
  const { stack: _stack, ...data } = shape.data;
  // Input validation: say what is wrong in the message itself (the UI shows `message`).
  if (error.code === 'BAD_REQUEST' && error.cause instanceof ZodError) {
    const problem = issuesProblem(error.cause.issues.map((i) => i.message));
    return { ...shape, message: zodMessage(error.cause), data: { ...data, ...keyed(problem) } };
  }
  // 5xx never leaks internals.
  if (error.code === 'INTERNAL_SERVER_ERROR') {
    const message = serverMessage('serverError');
    return { ...shape, message: englishMessage(message), data: { ...data, ...keyed(message) } };
  }
  if (error.cause instanceof DomainError) {
    const { messageKey, messageParams, details } = error.cause;
    return {
      ...shape,
      data: {
        ...data,
        ...(messageKey === undefined ? {} : { messageKey, messageParams }),
        // What the admin board reacts to (a stale save, a duplicate stop name): see DomainErrorDetails.
        ...(details ? { details } : {}),
      },
    };
  }
  if (isDatabaseBusy(error.cause))
    return { ...shape, data: { ...data, ...keyed(serverMessage('importRunning')) } };
  return { ...shape, data };
};

const t = initTRPC.context<Context>().create({ errorFormatter });

/**
 * The error shape of a tRPC error raised outside a procedure (a request tRPC's adapter never
 * sees: the fast lane's unreadable input, a body that is not UTF-8), formatted as every other:
 * tRPC's default shape (what its adapter starts from, without a stack), then our formatter.
 */
export function trpcErrorShape(error: TRPCError, path: string | undefined, input: unknown, ctx?: Context) {
  const shape: TRPCDefaultErrorShape = {
    message: error.message,
    code: TRPC_ERROR_CODES_BY_KEY[error.code],
    data: {
      code: error.code,
      httpStatus: getHTTPStatusCodeFromError(error),
      ...(path === undefined ? {} : { path }),
    },
  };
  return errorFormatter({ error, type: path === undefined ? 'unknown' : 'query', path, input, ctx, shape });
}

/** The procedure at `segments` ('drive', 'report') of the server-side caller made for `ctx`. */
export function procedureOf(
  router: { createCaller: (ctx: Context) => unknown },
  ctx: Context,
  segments: readonly string[],
): (input: unknown) => Promise<unknown> {
  let found: unknown = router.createCaller(ctx);
  for (const segment of segments) found = (found as Record<string, unknown>)[segment];
  return found as (input: unknown) => Promise<unknown>;
}

/**
 * A DomainError (or a busy database) thrown by a service, as its tRPC error (see http-errors.ts);
 * one that says how long to wait sends it as Retry-After.
 */
const domainErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    const mapped = trpcErrorOf(cause);
    if (mapped !== null) {
      const details = cause instanceof DomainError ? cause.details : undefined;
      if (details !== undefined && 'retryAfterSeconds' in details)
        ctx.setResponseHeader?.('Retry-After', String(details.retryAfterSeconds));
      throw mapped;
    }
  }
  return result;
});

/**
 * No text of an input may hold a lone surrogate (JSON's "\ud800" parses to one; stored, it is
 * garbled bytes): refused with 400 naming the field, before the procedure reads its input.
 */
const unicodeInput = t.middleware(async ({ getRawInput, next }) => {
  // An input that cannot be read is the procedure's to refuse (one that takes none ignores it).
  const raw = await getRawInput().catch(() => undefined);
  const found = findLoneSurrogate(raw);
  if (found !== null) throw new DomainError('INVALID_INPUT', textNotUnicode(found));
  return next();
});

export { HTTP_STATUS };
export const router = t.router;
/** What every procedure starts with: DomainErrors as tRPC errors. */
const anyProcedure = t.procedure.use(domainErrors);
export const publicProcedure = anyProcedure.use(unicodeInput);

/**
 * Checked on the server for every call, before its input is even read: 401 without a valid
 * token of an existing user, 403 for a user without ROLE_ADMIN (auth/authorize.ts).
 */
export const adminProcedure = anyProcedure
  .use(async ({ ctx, next }) => {
    const user = await authorizeAdmin(ctx.authorization, {
      db: ctx.db,
      secret: ctx.auth.secret,
      clock: ctx.clock,
      demo: ctx.auth.demo,
    });
    // Every admin write is recorded under this name (services/admin/recorded-write.ts).
    return next({
      ctx: { user, actor: { username: user.username, via: 'admin' as const, clock: ctx.clock } },
    });
  })
  .use(unicodeInput);

/**
 * The drivers' page (issue 40): as adminProcedure, for a user with ROLE_DRIVER (403 without it,
 * whatever else they may do). The driver's account id goes with every position they send.
 */
export const driverProcedure = anyProcedure
  .use(async ({ ctx, next }) => {
    const driver = await authorizeRole(
      ctx.authorization,
      { db: ctx.db, secret: ctx.auth.secret, clock: ctx.clock, demo: ctx.auth.demo },
      DRIVER_ROLE,
    );
    return next({ ctx: { driver } });
  })
  .use(unicodeInput);
