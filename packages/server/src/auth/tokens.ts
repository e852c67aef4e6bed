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

/**
 * Tokens whose signature and claims were checked, by secret and token text, with their expiry
 * (`exp`, seconds): a driver's phone sends the same token with every position, and checking an
 * HMAC signature again costs more than the rest of a report's handling. Only the expiry is
 * checked again, as jose checks it; at most VERIFIED_KEPT tokens a secret, the oldest dropped.
 */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, { claims: TokenClaims; exp: number }>>();
const VERIFIED_KEPT = 2_000;

/** The token's claims, or null when it is malformed, badly signed, expired or not ours. */
export async function verifyAccessToken(
  secret: Uint8Array,
  token: string,
  now: Date,
): Promise<TokenClaims | null> {
  let verified = verifiedTokens.get(secret);
  if (verified === undefined) {
    verified = new Map();
    verifiedTokens.set(secret, verified);
  }
  const known = verified.get(token);
  if (known !== undefined) {
    if (known.exp > Math.floor(now.getTime() / 1000))
      return { ...known.claims, roles: [...known.claims.roles] };
    verified.delete(token);
  }
  const checked = await checkToken(secret, token, now);
  if (checked === null) return null;
  if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value as string);
  verified.set(token, { claims: { ...checked.claims, roles: [...checked.claims.roles] }, exp: checked.exp });
  return checked.claims;
}

/** The claims and expiry of a token whose signature and claims jose accepts, or null. */
async function checkToken(
  secret: Uint8Array,
  token: string,
  now: Date,
): Promise<{ claims: TokenClaims; exp: number } | null> {
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
    // Required above, and checked by jose as a number.
    const exp = payload.exp as number;
    return { claims: { userId, username: payload.sub, roles, tokenEpoch }, exp };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
