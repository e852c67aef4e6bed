import { englishMessage, type KeyedMessage, type ServerMessageKey } from './server-messages.ts';

/** The one error type of the product. Both transports (tRPC, legacy REST) map `code` by one table. */
export type DomainErrorCode =
  | 'NOT_FOUND'
  | 'INVALID_INPUT'
  | 'CONFLICT'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'TOO_MANY_REQUESTS'
  /** Busy for now (the journey planner's queue is full): try again after details.retryAfterSeconds. */
  | 'UNAVAILABLE';

/** What the admin board needs to react to a refusal (the message alone is for people). */
export type DomainErrorDetails =
  /** The thing was saved by someone else after the editor loaded it (null: unknown who/when). */
  | { reason: 'stale'; username: string | null; at: string | null }
  /** Another stop already has this name (case and diacritics ignored): save again to confirm. */
  | { reason: 'duplicate-stop-name'; stopId: number; name: string; coords: string | null }
  /** A refused sign-in or a full queue: how long to wait (sent as Retry-After). */
  | { retryAfterSeconds: number };

export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly details: DomainErrorDetails | undefined;
  /** The message's stable key and parameters (server-messages.ts): the client words it in its language. */
  readonly messageKey: ServerMessageKey | undefined;
  readonly messageParams: KeyedMessage['params'] | undefined;

  /** `message`: a keyed message (its English is the error's message), or plain English text. */
  constructor(code: DomainErrorCode, message: KeyedMessage | string, details?: DomainErrorDetails) {
    super(typeof message === 'string' ? message : englishMessage(message));
    this.name = 'DomainError';
    this.code = code;
    this.details = details;
    this.messageKey = typeof message === 'string' ? undefined : message.key;
    this.messageParams = typeof message === 'string' ? undefined : message.params;
  }
}

/** HTTP status per domain error code (the REST layer and tRPC's HTTP responses agree). */
export const HTTP_STATUS: Record<DomainErrorCode, number> = {
  NOT_FOUND: 404,
  INVALID_INPUT: 400,
  CONFLICT: 409,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
};
