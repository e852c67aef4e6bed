import { DomainError, serverMessage } from '@bus/core';
import {
  clearSignInFailures,
  createUser,
  type Db,
  deleteUser,
  endUserTokens,
  findUserByUsername,
  getMeta,
  listUsers as listUserRows,
  setMeta,
  setUserDemo,
  setUserPassword,
  type UserSummary,
} from '@bus/db';
import { ADMIN_ROLE, KNOWN_ROLES } from '../auth/authorize.ts';
import { hashPassword, passwordProblem, verifyPassword } from '../auth/passwords.ts';

/** The demo admin that DEMO mode creates and the login page shows (spec section 1). */
export const DEMO_USERNAME = 'boss';
export const DEMO_PASSWORD = '2025';

const USERNAME = /^[A-Za-z0-9._@-]{1,64}$/;

function checkUsername(username: string): void {
  if (!USERNAME.test(username)) {
    throw new DomainError('INVALID_INPUT', serverMessage('badUsername'));
  }
}

function checkPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new DomainError('INVALID_INPUT', problem);
}

export function checkRole(role: string): string {
  if (!(KNOWN_ROLES as readonly string[]).includes(role)) {
    throw new DomainError('INVALID_INPUT', serverMessage('unknownRole', { role, roles: [...KNOWN_ROLES] }));
  }
  return role;
}

/** A valid username nobody has yet (the CLI checks this before asking for the password). */
export async function assertNewUsername(db: Db, username: string): Promise<void> {
  checkUsername(username);
  if (await findUserByUsername(db, username))
    throw new DomainError('CONFLICT', serverMessage('userExists', { username }));
}

export async function addUser(db: Db, username: string, password: string, roles: readonly string[]) {
  checkPassword(password);
  roles.forEach(checkRole);
  await assertNewUsername(db, username);
  const passwordHash = await hashPassword(password);
  const { passwordHash: _hash, ...user } = await createUser(db, { username, passwordHash, roles });
  return user;
}

export async function changePassword(db: Db, username: string, password: string): Promise<void> {
  checkPassword(password);
  if (!(await findUserByUsername(db, username)))
    throw new DomainError('NOT_FOUND', serverMessage('noSuchUser', { username }));
  await setUserPassword(db, username, await hashPassword(password));
}

export async function removeUser(db: Db, username: string): Promise<void> {
  if (!(await deleteUser(db, username)))
    throw new DomainError('NOT_FOUND', serverMessage('noSuchUser', { username }));
}

export function listUsers(db: Db): Promise<UserSummary[]> {
  return listUserRows(db);
}

/**
 * The demo account (boss / 2025), settled at every start. It is created once: at the first
 * start of a database in demo mode (a database first started with demo off never gets one,
 * and once removed it stays removed: app_meta 'demo_account' remembers). An account of that
 * name made before the demo flag existed is the demo account while its password is still the
 * published one. Outside demo mode the demo account cannot sign in (services/auth.ts) and its
 * tokens are refused (auth/authorize.ts). Returns true when it was created now.
 */
export async function settleDemoAccount(db: Db, demo: boolean): Promise<boolean> {
  const existing = await findUserByUsername(db, DEMO_USERNAME);
  if (existing && existing.demo === null)
    await setUserDemo(db, DEMO_USERNAME, await verifyPassword(DEMO_PASSWORD, existing.passwordHash));
  if ((await getMeta(db, DEMO_ACCOUNT_KEY)) !== undefined) return false;
  if (existing || !demo) {
    await setMeta(db, DEMO_ACCOUNT_KEY, existing ? 'created' : 'never');
    return false;
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  try {
    await createUser(db, { username: DEMO_USERNAME, passwordHash, roles: [ADMIN_ROLE], demo: true });
  } catch (error) {
    // Another process sharing the database file created it in the meantime.
    if (!(await findUserByUsername(db, DEMO_USERNAME))) throw error;
  }
  await setMeta(db, DEMO_ACCOUNT_KEY, 'created');
  return true;
}

const DEMO_ACCOUNT_KEY = 'demo_account';

/** Ends every token of a user at once (`pnpm cli user signout NAME`). */
export async function signOutUser(db: Db, username: string): Promise<void> {
  if (!(await endUserTokens(db, username)))
    throw new DomainError('NOT_FOUND', serverMessage('noSuchUser', { username }));
}

/** Lifts the per-account sign-in limit at once (`pnpm cli user unlock NAME`); answers how many failures it forgot. */
export function unlockUser(db: Db, username: string): Promise<number> {
  return clearSignInFailures(db, username);
}
