/**
 * Signing in and out writes the stored user (lib/stored-user.ts reads it). Only the login page
 * and the admin board write, so this stays out of the public home's first load.
 */
import { type StoredUser, storage, USER_STORAGE_KEY } from './stored-user.ts';

/** Stores a login result only when it carries an access token; returns whether it did. */
export function storeUser(result: { accessToken?: string | null; roles?: string[] | null }): boolean {
  if (!result.accessToken) return false;
  const user: StoredUser = { accessToken: result.accessToken, roles: result.roles ?? [] };
  storage()?.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  return true;
}

export function clearStoredUser(): void {
  storage()?.removeItem(USER_STORAGE_KEY);
}
