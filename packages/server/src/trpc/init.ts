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
import {
  type AnyTRPCRouter,
  getTRPCErrorShape,
  initTRPC,
  type TRPCDefaultErrorShape,
  type TRPCError,
  type TRPCErrorFormatter,
  type TRPCRootConfig,
} from '@trpc/server';
import { ZodError } from 'zod';
import { authorizeAdmin } from '../auth/authorize.ts';
import type { AuthRuntime } from '../auth/runtime.ts';
import type { Env } from '../env.ts';
import { trpcErrorOf } from '../http-errors.ts';
import type { ReadMeta } from '../public-read/cache-policy.ts';
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

const t = initTRPC.context<Context>().meta<ReadMeta>().create({ errorFormatter });

/**
 * The error shape of a tRPC error raised outside a procedure (a request tRPC's adapter never
 * sees: the fast lane's unreadable input, a body that is not UTF-8), formatted as every other.
 */
export function trpcErrorShape(error: TRPCError, path: string | undefined, input: unknown, ctx?: Context) {
  // What getErrorShape reads of the router's config: the formatter (stack traces are dropped by it).
  const config = { errorFormatter, isDev: false } as unknown as TRPCRootConfig<{
    ctx: Context;
    meta: ReadMeta;
    errorShape: TRPCDefaultErrorShape;
    transformer: false;
  }>;
  return getTRPCErrorShape({
    config,
    error,
    type: path === undefined ? 'unknown' : 'query',
    path,
    input,
    ctx,
  });
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

/** Procedures asked for their meta (see declaredMeta): they answer it and run nothing. */
const metaProbes = new WeakSet<object>();
class MetaProbe extends Error {
  constructor(readonly declared: Declaration) {
    super('meta probe');
  }
}
/** What a procedure declares: its meta, and its type (only a query may answer a GET). */
export interface Declaration {
  meta: ReadMeta | undefined;
  type: 'query' | 'mutation' | 'subscription';
}
const answersProbe = t.middleware(({ ctx, meta, type, next }) => {
  if (metaProbes.has(ctx)) throw new MetaProbe({ meta, type });
  return next();
});

/**
 * The meta each procedure of `router` declares, by path, asked through tRPC's public
 * server-side caller (the router's record and `createCaller`): the first middleware of every
 * procedure answers a probe call with its meta before input, authorization or the resolver.
 */
export async function declaredMeta(router: AnyTRPCRouter): Promise<Map<string, Declaration>> {
  const probe = {} as Context;
  metaProbes.add(probe);
  const caller = router.createCaller(probe) as Record<string, unknown>;
  const found = new Map<string, Declaration>();
  const walk = async (record: object, call: Record<string, unknown>, path: string[]) => {
    for (const [key, item] of Object.entries(record)) {
      if (path.length === 0 && (key === '_def' || key === 'createCaller')) continue;
      const next = call[key] as Record<string, unknown> & ((input?: unknown) => Promise<unknown>);
      if (typeof item !== 'function') {
        await walk(item as object, next, [...path, key]);
        continue;
      }
      try {
        await next(undefined);
        throw new Error(`${[...path, key].join('.')} ran for a meta probe`);
      } catch (error) {
        const probeOf = (e: unknown) => (e instanceof MetaProbe ? e : undefined);
        const answer = probeOf(error) ?? probeOf((error as { cause?: unknown }).cause);
        if (answer === undefined) throw error;
        found.set([...path, key].join('.'), answer.declared);
      }
    }
  };
  await walk(router, caller, []);
  return found;
}

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
/** What every procedure starts with: the meta probe's answer, and DomainErrors as tRPC errors. */
const anyProcedure = t.procedure.use(answersProbe).use(domainErrors);
export const publicProcedure = anyProcedure.use(unicodeInput);

/**
 * Checked on the server for every call, before its input is even read: 401 without a valid
 * token of an existing user, 403 for a user without ROLE_ADMIN (auth/authorize.ts).
 */
export const adminProcedure = anyProcedure
  .use(async ({ ctx, next }) => {
    const user = await authorizeAdmin(ctx.authorization, {
      db: ctx.db.kysely,
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
