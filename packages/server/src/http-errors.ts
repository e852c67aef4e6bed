import { DomainError, type DomainErrorCode, HTTP_STATUS, MESSAGES } from '@bus/core';
import { isDatabaseBusy } from '@bus/db';
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';

/**
 * The one place a refusal becomes HTTP: a DomainError by its code, and a database another
 * process (an import) holds for writing as 409 "A timetable import is running" (refused at once,
 * nothing written). tRPC (trpc/init.ts, the fast lane, the strict-body check), the old REST
 * paths and every other route (app.ts's error handler) all map through httpErrorOf.
 */

const TRPC_CODE: Record<DomainErrorCode, TRPC_ERROR_CODE_KEY> = {
  NOT_FOUND: 'NOT_FOUND',
  INVALID_INPUT: 'BAD_REQUEST',
  CONFLICT: 'CONFLICT',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

export interface HttpError {
  status: number;
  /** The same status as tRPC names it. */
  trpcCode: TRPC_ERROR_CODE_KEY;
  /** English, for people (the old REST clients read it). */
  message: string;
}

/** What a refusal is over HTTP, or null when `error` is none (an internal failure, a Fastify error). */
export function httpErrorOf(error: unknown): HttpError | null {
  if (error instanceof DomainError)
    return { status: HTTP_STATUS[error.code], trpcCode: TRPC_CODE[error.code], message: error.message };
  if (isDatabaseBusy(error)) return { status: 409, trpcCode: 'CONFLICT', message: MESSAGES.importRunning };
  return null;
}

/** The tRPC error of a refusal (its cause kept: the error formatter reads its key and details). */
export function trpcErrorOf(error: unknown): TRPCError | null {
  const mapped = httpErrorOf(error);
  return mapped === null
    ? null
    : new TRPCError({ code: mapped.trpcCode, message: mapped.message, cause: error });
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** JSON error body shared by every non-tRPC path: the old client reads `message`. */
export function errorBody(status: number, message: string) {
  return { status, error: STATUS_TEXT[status] ?? 'Error', message };
}
