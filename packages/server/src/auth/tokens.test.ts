import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { issueAccessToken, TOKEN_ISSUER, verifyAccessToken } from './tokens.ts';

const secret = new TextEncoder().encode('tokens-test-secret-0123456789-abcdef');
const now = new Date('2026-03-04T07:30:00Z');

describe('access tokens', () => {
  it('carry sub, roles, uid, te, iss, iat and a 24 h exp, and verify until they expire', async () => {
    const token = await issueAccessToken(
      secret,
      { userId: 7, username: 'boss', roles: ['ROLE_ADMIN'], tokenEpoch: 3 },
      now,
    );
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(payload).toEqual({
      sub: 'boss',
      roles: ['ROLE_ADMIN'],
      iss: TOKEN_ISSUER,
      uid: 7,
      te: 3,
      iat: 1772609400,
      exp: 1772695800,
    });
    expect(await verifyAccessToken(secret, token, now)).toEqual({
      userId: 7,
      username: 'boss',
      roles: ['ROLE_ADMIN'],
      tokenEpoch: 3,
    });
    const almostDayLater = new Date(now.getTime() + 24 * 3600 * 1000 - 1000);
    expect(await verifyAccessToken(secret, token, almostDayLater)).not.toBeNull();
    const dayLater = new Date(now.getTime() + 24 * 3600 * 1000 + 1000);
    expect(await verifyAccessToken(secret, token, dayLater)).toBeNull();
  });

  it('answered again from the checked tokens: the same claims, not the caller’s changes, and refused from the second exp names', async () => {
    const token = await issueAccessToken(
      secret,
      { userId: 9, username: 'driver', roles: ['ROLE_DRIVER'], tokenEpoch: 1 },
      now,
    );
    const first = await verifyAccessToken(secret, token, now);
    first?.roles.push('ROLE_ADMIN');
    expect(await verifyAccessToken(secret, token, now)).toEqual({
      userId: 9,
      username: 'driver',
      roles: ['ROLE_DRIVER'],
      tokenEpoch: 1,
    });
    const exp = now.getTime() + 24 * 3600 * 1000;
    expect(await verifyAccessToken(secret, token, new Date(exp - 1))).not.toBeNull();
    expect(await verifyAccessToken(secret, token, new Date(exp))).toBeNull();
    // Dropped once expired: an earlier moment checks it anew (a clock set back accepts it again, as jose does).
    expect(await verifyAccessToken(secret, token, now)).not.toBeNull();
  });

  it('refuses tampered tokens, other keys, other issuers and other algorithms', async () => {
    const token = await issueAccessToken(
      secret,
      { userId: 1, username: 'boss', roles: ['ROLE_USER'], tokenEpoch: 0 },
      now,
    );
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({
        sub: 'boss',
        roles: ['ROLE_ADMIN'],
        iss: TOKEN_ISSUER,
        iat: 1772609400,
        exp: 1772695800,
      }),
    ).toString('base64url');
    expect(await verifyAccessToken(secret, `${header}.${forged}.${signature}`, now)).toBeNull();
    const otherKey = new TextEncoder().encode('another-secret-another-secret-0123456');
    expect(await verifyAccessToken(otherKey, token, now)).toBeNull();
    const sign = (alg: string, issuer: string) =>
      new SignJWT({ roles: ['ROLE_ADMIN'] })
        .setProtectedHeader({ alg })
        .setSubject('boss')
        .setIssuer(issuer)
        .setIssuedAt(now)
        .setExpirationTime('1h')
        .sign(secret);
    expect(await verifyAccessToken(secret, await sign('HS256', 'someone-else'), now)).toBeNull();
    expect(await verifyAccessToken(secret, await sign('HS512', TOKEN_ISSUER), now)).toBeNull();
    expect(await verifyAccessToken(secret, 'not.a.token', now)).toBeNull();
    expect(await verifyAccessToken(secret, '', now)).toBeNull();
  });

  it('refuses a token without a user id or epoch (issued before they existed): its user signs in again', async () => {
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT({ roles: ['ROLE_ADMIN'], ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject('boss')
        .setIssuer(TOKEN_ISSUER)
        .setIssuedAt(now)
        .setExpirationTime('1h')
        .sign(secret);
    const cases: [string, Record<string, unknown>, boolean][] = [
      ['uid and te', { uid: 4, te: 9 }, true],
      ['te only (the old tokens)', { te: 9 }, false],
      ['neither (the oldest tokens)', {}, false],
      ['uid only', { uid: 4 }, false],
      ['uid 0', { uid: 0, te: 9 }, false],
      ['uid as text', { uid: '4', te: 9 }, false],
      ['a fractional uid', { uid: 4.5, te: 9 }, false],
      ['te as text', { uid: 4, te: '9' }, false],
    ];
    for (const [label, claims, accepted] of cases)
      expect((await verifyAccessToken(secret, await sign(claims), now)) !== null, label).toBe(accepted);
  });
});
