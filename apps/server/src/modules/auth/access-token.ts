import { SignJWT, errors, jwtVerify } from 'jose';
import { AppError, unauthorized } from '../../lib/app-error.ts';

/** product.md#what-is-stored: access tokens live 15 minutes; the refresh token renews them. */
const ACCESS_TOKEN_MINUTES = 15;

const ISSUER = 'platen';
const AUDIENCE = 'platen-api';

export type AccessClaims = {
  userId: string;
  sessionId: string;
  email: string;
  firstName: string;
  lastName: string;
};

export const signAccessToken = (
  key: Uint8Array,
  claims: AccessClaims,
  now: Date,
): Promise<string> => {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({
    firstName: claims.firstName,
    lastName: claims.lastName,
    uid: claims.userId,
    sid: claims.sessionId,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.email)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_MINUTES * 60)
    .sign(key);
};

/**
 * Verifies a bearer token. Only HS256 with our key is accepted: `alg: none`, other algorithms and
 * keys named in the header (`kid`, `jku`, `jwk`) never select the key.
 */
export const verifyAccessToken = async (
  key: Uint8Array,
  token: string,
  now: Date,
): Promise<AccessClaims> => {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'uid', 'sid'],
    });
    const { sub, uid, sid, firstName, lastName } = payload;
    if (typeof uid !== 'string' || typeof sid !== 'string' || typeof sub !== 'string') {
      throw unauthorized();
    }
    return {
      userId: uid,
      sessionId: sid,
      email: sub,
      firstName: typeof firstName === 'string' ? firstName : '',
      lastName: typeof lastName === 'string' ? lastName : '',
    };
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      throw new AppError('TOKEN_EXPIRED', 401, 'Your session has expired. Please sign in again.');
    }
    throw unauthorized('Your session is not valid. Please sign in again.');
  }
};
