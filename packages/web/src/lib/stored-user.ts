/**
 * The signed-in user kept in localStorage under 'user' (spec section 4). The client-side admin
 * guard, the navbar's Admin board link and the Authorization header all read it from here.
 */

export const USER_STORAGE_KEY = 'user';
export const ADMIN_ROLE = 'ROLE_ADMIN';

export interface StoredUser {
  accessToken: string;
  roles: string[];
}

/** Tolerates anything a browser may hold (hand-edited, older formats): null when unusable. */
export function parseStoredUser(raw: string | null | undefined): StoredUser | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { accessToken, roles } = value as { accessToken?: unknown; roles?: unknown };
  return {
    accessToken: typeof accessToken === 'string' ? accessToken : '',
    roles: Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [],
  };
}

export function isAdmin(user: StoredUser | null): boolean {
  return user?.roles.includes(ADMIN_ROLE) ?? false;
}

export function adminBoardPath(user: StoredUser | null): '/admin-panel' | '/admin-access' {
  return isAdmin(user) ? '/admin-panel' : '/admin-access';
}

/** localStorage when there is one (absent in Node tests, throws in some privacy modes). */
export function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readStoredUser(): StoredUser | null {
  return parseStoredUser(storage()?.getItem(USER_STORAGE_KEY));
}
