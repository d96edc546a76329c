import { randomUUID } from 'node:crypto';
import type { TokenPair } from '@platen/contract';
import type { Deps } from '../../deps.ts';
import { keyedHash, randomToken } from '../../lib/secrets.ts';
import type { User } from '../users/index.ts';
import { signAccessToken } from './access-token.ts';
import { insertRefreshToken, insertSession } from './sessions.repository.ts';

const REFRESH_TOKEN_DAYS = 30;

type TokenDeps = Pick<Deps, 'db' | 'clock' | 'secrets'>;

/** Issues an access token and a fresh refresh token for a session (new or continuing). */
export const issueTokenPair = async (
  deps: TokenDeps,
  user: Pick<User, 'id' | 'email' | 'firstName' | 'lastName'>,
  sessionId: string,
): Promise<TokenPair> => {
  const now = deps.clock.now();
  const refreshToken = randomToken(32);
  await insertRefreshToken(deps.db, {
    tokenHash: keyedHash(deps.secrets.hashKey, refreshToken),
    sessionId,
    now: now.toISOString(),
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_DAYS * 86_400_000).toISOString(),
  });
  const token = await signAccessToken(
    deps.secrets.jwtKey,
    {
      userId: user.id,
      sessionId,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
    },
    now,
  );
  return { token, refreshToken };
};

/** Signs a user in on a new device: a new session with its first token pair. */
export const startSession = async (
  deps: TokenDeps,
  user: Pick<User, 'id' | 'email' | 'firstName' | 'lastName'>,
): Promise<TokenPair> => {
  const sessionId = randomUUID();
  await insertSession(deps.db, {
    id: sessionId,
    userId: user.id,
    now: deps.clock.now().toISOString(),
  });
  return issueTokenPair(deps, user, sessionId);
};
