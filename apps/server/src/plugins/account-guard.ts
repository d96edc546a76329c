import type { FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import { apiKeyHash, findApiKeyAccount, invalidApiKey } from '../modules/api-keys/index.ts';
import { requireSession } from './session-guard.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The calling account, however it proved itself: set by `requireCaller` (and the guards it
     * uses) on every guarded route. Handlers act for this account.
     */
    accountId: string;
    /** How the caller proved itself: its API key, or a signed-in session (`request.auth`). */
    callerKind: 'apiKey' | 'session';
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
      request.callerKind = 'apiKey';
      return;
    }
    await sessionGuard(request);
  };
};

/**
 * onRequest hook of a scope of guarded routes, by what each route's contract accepts: the API key
 * or a session where it says `apiKeyOrBearer` (everything an integration manages: templates,
 * versions, batches, webhooks), a session alone elsewhere (the account's own security: password,
 * e-mail, profile, the key itself, export, deletion, billing). A key is not ambient authority
 * (a browser never sends it by itself), so the XSRF check does not apply to it (plugins/csrf.ts).
 */
export const requireCaller = (deps: Deps) => {
  const keyOrSession = requireApiKeyOrSession(deps);
  const sessionOnly = requireSession(deps);
  return async (request: FastifyRequest) => {
    const { endpoint } = request.routeOptions.config;
    await (endpoint?.auth === 'apiKeyOrBearer' ? keyOrSession : sessionOnly)(request);
  };
};
