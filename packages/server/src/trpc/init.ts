import {
  type Clock,
  DomainError,
  englishMessage,
  HTTP_STATUS,
  issuesProblem,
  type KeyedMessage,
  MESSAGES,
  pickValidationMessage,
  serverMessage,
} from '@bus/core';
import { isDatabaseBusy, type OpenedDatabase } from '@bus/db';
import { initTRPC, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';
import { authorizeAdmin } from '../auth/authorize.ts';
import type { AuthRuntime } from '../auth/runtime.ts';
import type { Env } from '../env.ts';
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
}

const TRPC_CODE: Record<DomainError['code'], TRPC_ERROR_CODE_KEY> = {
  NOT_FOUND: 'NOT_FOUND',
  INVALID_INPUT: 'BAD_REQUEST',
  CONFLICT: 'CONFLICT',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
};

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

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
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
  },
});

/** Maps a DomainError thrown by a service to the matching tRPC error (one table, see HTTP_STATUS). */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: TRPC_CODE[cause.code], message: cause.message, cause });
  }
  // Another process (an import) holds the write lock: refused at once, nothing written.
  if (!result.ok && isDatabaseBusy(result.error.cause))
    throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.importRunning, cause: result.error.cause });
  return result;
});

export { HTTP_STATUS };
export const router = t.router;
export const publicProcedure = t.procedure.use(domainErrors);

/**
 * Checked on the server for every call, before its input is even read: 401 without a valid
 * token of an existing user, 403 for a user without ROLE_ADMIN (auth/authorize.ts).
 */
export const adminProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const user = await authorizeAdmin(ctx.authorization, {
    db: ctx.db.kysely,
    secret: ctx.auth.secret,
    clock: ctx.clock,
    demo: ctx.auth.demo,
  });
  // Every admin write is recorded under this name (services/admin/recorded-write.ts).
  return next({ ctx: { user, actor: { username: user.username, via: 'admin' as const, clock: ctx.clock } } });
});
