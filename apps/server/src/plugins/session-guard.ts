import type { FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import { unauthorized } from '../lib/app-error.ts';
import { isSessionActive, verifyAccessToken } from '../modules/auth/index.ts';

type Auth = { userId: string; sessionId: string; email: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the session guard on every route registered under it. */
    auth: Auth;
  }
}

const bearerToken = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer ([A-Za-z0-9._~+/=-]+)$/);
  return match?.[1];
};

/**
 * onRequest hook for guarded scopes: a valid access token whose session has not been signed out
 * (logout and password changes take effect at once, not when the token expires).
 */
export const requireSession = (deps: Deps) => async (request: FastifyRequest) => {
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  const claims = await verifyAccessToken(deps.secrets.jwtKey, token, deps.clock.now());
  if (!(await isSessionActive(deps.db, claims.sessionId, claims.userId))) {
    throw unauthorized('Your session has ended. Please sign in again.');
  }
  request.auth = { userId: claims.userId, sessionId: claims.sessionId, email: claims.email };
  request.userId = claims.userId;
  request.callerKind = 'session';
};
