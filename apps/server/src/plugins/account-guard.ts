import type { FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import { apiKeyHash, findApiKeyAccount, invalidApiKey } from '../modules/api-keys/index.ts';
import { requireSession } from './session-guard.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The calling account, set by `requireApiKeyOrSession` on the routes that take either. */
    accountId: string;
  }
}

/**
 * onRequest hook of the calls that integrations make with their API key and the web app with its
 * session (`auth: 'apiKeyOrBearer'`): an `x-api-key` header decides for the key (and must be a
 * valid one), otherwise the session must be valid.
 */
export const requireApiKeyOrSession = (deps: Deps) => {
  const sessionGuard = requireSession(deps);
  return async (request: FastifyRequest) => {
    const key = request.headers['x-api-key'];
    if (key !== undefined) {
      const keyHash = apiKeyHash(deps, typeof key === 'string' ? key : undefined);
      const userId = keyHash && (await findApiKeyAccount(deps.db, keyHash));
      if (!userId) throw invalidApiKey();
      request.accountId = userId;
      return;
    }
    await sessionGuard(request);
    request.accountId = request.auth.userId;
  };
};
