import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * Access tokens: HS256 JWTs with sub = username, a roles claim, iss, iat and exp (24 h, as
 * the old server issued them), and what the server checks them against: uid, the user's id
 * (never given to another user), and te, the user's token epoch when it was issued (never
 * given twice; a password change, sign-out or restore moves the user to a new one).
 * Verification accepts nothing but HS256 from our issuer, and no token without uid and te:
 * tokens issued before uid existed need a new sign-in.
 */

export const TOKEN_ISSUER = 'anyksciai-bus';
export const TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;
const ALGORITHM = 'HS256';

export interface TokenClaims {
  /** app_user.id (claim 'uid'): the token's user, whatever name it has now. */
  userId: number;
  username: string;
  roles: string[];
  /** The user's token epoch when it was issued (claim 'te'): a newer epoch ends the token. */
  tokenEpoch: number;
}

export async function issueAccessToken(secret: Uint8Array, claims: TokenClaims, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ roles: claims.roles, uid: claims.userId, te: claims.tokenEpoch })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.username)
    .setIssuer(TOKEN_ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + TOKEN_LIFETIME_SECONDS)
    .sign(secret);
}

/** The token's claims, or null when it is malformed, badly signed, expired or not ours. */
export async function verifyAccessToken(
  secret: Uint8Array,
  token: string,
  now: Date,
): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      issuer: TOKEN_ISSUER,
      algorithms: [ALGORITHM],
      currentDate: now,
      requiredClaims: ['sub', 'iat', 'exp', 'uid', 'te'],
    });
    const roles = Array.isArray(payload.roles)
      ? payload.roles.filter((r): r is string => typeof r === 'string')
      : [];
    if (typeof payload.sub !== 'string' || payload.sub === '') return null;
    const { uid: userId, te: tokenEpoch } = payload;
    if (typeof userId !== 'number' || !Number.isSafeInteger(userId) || userId < 1) return null;
    if (typeof tokenEpoch !== 'number' || !Number.isSafeInteger(tokenEpoch)) return null;
    return { userId, username: payload.sub, roles, tokenEpoch };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
