import { DomainError } from '@bus/core';
import {
  createUser,
  type Db,
  deleteUser,
  findUserByUsername,
  listUsers as listUserRows,
  setUserPassword,
  type UserSummary,
} from '@bus/db';
import { ADMIN_ROLE, KNOWN_ROLES } from '../auth/authorize.ts';
import { hashPassword, passwordProblem } from '../auth/passwords.ts';

/** The demo admin that DEMO mode creates and the login page shows (spec section 1). */
export const DEMO_USERNAME = 'boss';
export const DEMO_PASSWORD = '2025';

const USERNAME = /^[A-Za-z0-9._@-]{1,64}$/;

function checkUsername(username: string): void {
  if (!USERNAME.test(username)) {
    throw new DomainError('INVALID_INPUT', 'a username is 1 to 64 characters: letters, digits, and . _ @ -');
  }
}

function checkPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new DomainError('INVALID_INPUT', problem);
}

export function checkRole(role: string): string {
  if (!(KNOWN_ROLES as readonly string[]).includes(role)) {
    throw new DomainError(
      'INVALID_INPUT',
      `unknown role ${JSON.stringify(role)} (one of ${KNOWN_ROLES.join(', ')})`,
    );
  }
  return role;
}

/** A valid username nobody has yet (the CLI checks this before asking for the password). */
export async function assertNewUsername(db: Db, username: string): Promise<void> {
  checkUsername(username);
  if (await findUserByUsername(db, username))
    throw new DomainError('CONFLICT', `user ${username} already exists`);
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
    throw new DomainError('NOT_FOUND', `there is no user ${username}`);
  await setUserPassword(db, username, await hashPassword(password));
}

export async function removeUser(db: Db, username: string): Promise<void> {
  if (!(await deleteUser(db, username))) throw new DomainError('NOT_FOUND', `there is no user ${username}`);
}

export function listUsers(db: Db): Promise<UserSummary[]> {
  return listUserRows(db);
}

/**
 * Demo mode: makes sure the advertised admin exists (created with the demo password when
 * missing; an existing account is left as it is). Bypasses the CLI's password rule on purpose.
 */
export async function ensureDemoUser(db: Db): Promise<boolean> {
  if (await findUserByUsername(db, DEMO_USERNAME)) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  try {
    await createUser(db, { username: DEMO_USERNAME, passwordHash, roles: [ADMIN_ROLE] });
  } catch (error) {
    // Another process sharing the database file created it in the meantime.
    if (await findUserByUsername(db, DEMO_USERNAME)) return false;
    throw error;
  }
  return true;
}
