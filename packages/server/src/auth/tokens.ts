import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * Access tokens: HS256 JWTs with sub = username, a roles claim, iss, iat and exp (24 h, as
 * the old server issued them). Verification accepts nothing but HS256 from our issuer.
 */

export const TOKEN_ISSUER = 'anyksciai-bus';
export const TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;
const ALGORITHM = 'HS256';

export interface TokenClaims {
  username: string;
  roles: string[];
  /** The user's token epoch when it was issued (claim 'te'): a newer epoch ends the token. */
  tokenEpoch: number;
}

export async function issueAccessToken(secret: Uint8Array, claims: TokenClaims, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ roles: claims.roles, te: claims.tokenEpoch })
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
      requiredClaims: ['sub', 'iat', 'exp'],
    });
    const roles = Array.isArray(payload.roles)
      ? payload.roles.filter((r): r is string => typeof r === 'string')
      : [];
    if (typeof payload.sub !== 'string' || payload.sub === '') return null;
    // Tokens issued before the epoch claim existed belong to epoch 0.
    const tokenEpoch = payload.te === undefined ? 0 : payload.te;
    if (typeof tokenEpoch !== 'number' || !Number.isInteger(tokenEpoch)) return null;
    return { username: payload.sub, roles, tokenEpoch };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
