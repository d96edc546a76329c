import { logout } from '@platen/contract';
import { clearTokens, findRefreshToken } from '../../../lib/session.ts';
import { request } from '../../../lib/api-client.ts';

/**
 * Ends the session on the server (the refresh token stops working) and forgets the tokens. The
 * tokens are removed even when the server cannot be reached: signing out must always work.
 */
export const signOut = async (): Promise<void> => {
  const refreshToken = findRefreshToken();
  clearTokens();
  if (!refreshToken) return;
  await request(logout, { body: { refreshToken } }).catch(() => undefined);
};
