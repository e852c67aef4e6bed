import { type Clock, DomainError, serverMessage } from '@bus/core';
import { type OpenedDatabase, userById } from '@bus/db';
import { verifyAccessToken } from './tokens.ts';

export const ADMIN_ROLE = 'ROLE_ADMIN';
/** Issue 40: a driver reports their bus's position on /drive, and uses nothing of the admin board. */
export const DRIVER_ROLE = 'ROLE_DRIVER';
export const KNOWN_ROLES = ['ROLE_USER', 'ROLE_MODERATOR', ADMIN_ROLE, DRIVER_ROLE] as const;

export interface AuthorizeDeps {
  db: OpenedDatabase;
  secret: Uint8Array;
  clock: Clock;
  /** Demo mode: only then may the demo account act. */
  demo: boolean;
}

export interface AuthorizedUser {
  id: number;
  username: string;
  roles: string[];
}

/** The token of an `Authorization: Bearer <token>` header; null when missing or malformed. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer +([A-Za-z0-9._~+/=-]+)$/i.exec(header?.trim() ?? '');
  return match?.[1] ?? null;
}

/**
 * The one admin check of both transports (tRPC adminProcedure and the REST layer):
 * UNAUTHORIZED without a well-formed, validly signed, unexpired token of a user who still
 * exists (by id: a user removed and made again under the same name is another user), issued
 * since their last password change, sign-out or restore (token epoch), and not of the demo
 * account while demo mode is off; FORBIDDEN when that user is not an administrator.
 * Roles are read from the database, not the token, so removing a user or their admin role
 * takes effect at once.
 */
export function authorizeAdmin(
  authorization: string | undefined,
  deps: AuthorizeDeps,
): Promise<AuthorizedUser> {
  return authorizeRole(authorization, deps, ADMIN_ROLE);
}

/** authorizeAdmin for another role: FORBIDDEN, in that role's words, for a user without it. */
export async function authorizeRole(
  authorization: string | undefined,
  deps: AuthorizeDeps,
  role: typeof ADMIN_ROLE | typeof DRIVER_ROLE,
): Promise<AuthorizedUser> {
  const token = bearerToken(authorization);
  if (token === null) throw new DomainError('UNAUTHORIZED', serverMessage('signInRequired'));
  const claims = await verifyAccessToken(deps.secret, token, deps.clock());
  if (!claims) throw new DomainError('UNAUTHORIZED', serverMessage('sessionInvalid'));
  const user = userById(deps.db.sqlite, claims.userId);
  if (
    !user ||
    user.username !== claims.username ||
    user.tokenEpoch !== claims.tokenEpoch ||
    (user.demo === true && !deps.demo)
  )
    throw new DomainError('UNAUTHORIZED', serverMessage('sessionInvalid'));
  if (!user.roles.includes(role))
    throw new DomainError(
      'FORBIDDEN',
      serverMessage(role === ADMIN_ROLE ? 'adminRequired' : 'driverRequired'),
    );
  return { id: user.id, username: user.username, roles: user.roles };
}
