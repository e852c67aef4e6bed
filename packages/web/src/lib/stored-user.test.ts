import { describe, expect, it } from 'vitest';
import { adminBoardPath, isAdmin, parseStoredUser } from './stored-user.ts';

describe('stored user', () => {
  it('sends admins to the panel and everyone else to the login', () => {
    const admin = parseStoredUser(JSON.stringify({ accessToken: 't', roles: ['ROLE_USER', 'ROLE_ADMIN'] }));
    const user = parseStoredUser(JSON.stringify({ accessToken: 't', roles: ['ROLE_USER'] }));
    expect(adminBoardPath(admin)).toBe('/admin-panel');
    expect(adminBoardPath(user)).toBe('/admin-access');
    expect(adminBoardPath(null)).toBe('/admin-access');
  });

  it('treats missing, malformed or odd values as signed out rather than throwing', () => {
    for (const raw of [
      null,
      undefined,
      '',
      'not json',
      'null',
      '42',
      '"ROLE_ADMIN"',
      '{"roles":"ROLE_ADMIN"}',
    ]) {
      expect(isAdmin(parseStoredUser(raw))).toBe(false);
    }
  });

  it('keeps only string roles and defaults a missing token to empty', () => {
    expect(parseStoredUser('{"roles":["ROLE_ADMIN",7,null]}')).toEqual({
      accessToken: '',
      roles: ['ROLE_ADMIN'],
    });
  });
});
