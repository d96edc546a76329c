import type { EndpointAuth } from '@platen/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Deps } from '../deps.ts';
import { apiKeyHash, findApiKeyAccount, invalidApiKey } from '../modules/api-keys/index.ts';
import type { GuardHook } from './route.ts';
import { requireSession } from './session-guard.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The calling account, however it proved itself: set by the guard `route()` runs for the
     * descriptor's `auth` (`guardOf`). Handlers act for this account.
     */
    userId: string;
    /** How the caller proved itself: its API key, or a signed-in session (`request.auth`). */
    callerKind: 'apiKey' | 'session';
  }
  interface FastifyContextConfig {
    /**
     * How the route finds its API key's account (undefined: unknown), when it finds more with it
     * in the same statement (generate: the template version, documents/target.ts). By default
     * the key alone is looked up.
     */
    findKeyAccount?: (request: FastifyRequest, keyHash: string) => Promise<string | undefined>;
  }
}

// Each request's key is hashed once and looked up once, whoever asks first: the rate limit, the
// idempotency plugin, the guard, the handler.
const keyHashes = new WeakMap<FastifyRequest, string | undefined>();
const keyAccounts = new WeakMap<FastifyRequest, Promise<string | undefined>>();

/** The request's `x-api-key` as stored (`apiKeyHash`); undefined when missing or malformed. */
export const apiKeyHashOf = (deps: Deps, request: FastifyRequest): string | undefined => {
  if (!keyHashes.has(request)) {
    const key = request.headers['x-api-key'];
    keyHashes.set(request, apiKeyHash(deps, typeof key === 'string' ? key : undefined));
  }
  return keyHashes.get(request);
};

/**
 * The account of the request's API key, undefined for a missing, malformed or unknown key.
 * Missing and malformed keys cost no look-up.
 */
export const apiKeyAccountOf = (
  deps: Deps,
  request: FastifyRequest,
): Promise<string | undefined> => {
  const known = keyAccounts.get(request);
  if (known) return known;
  const keyHash = apiKeyHashOf(deps, request);
  const { findKeyAccount } = request.routeOptions.config;
  const found = !keyHash
    ? Promise.resolve(undefined)
    : findKeyAccount
      ? findKeyAccount(request, keyHash)
      : findApiKeyAccount(deps.db, keyHash);
  keyAccounts.set(request, found);
  return found;
};

/** A valid `x-api-key` header, the only credential the route takes (`auth: 'apiKey'`). */
const requireApiKey = (deps: Deps) => async (request: FastifyRequest) => {
  const userId = await apiKeyAccountOf(deps, request);
  if (!userId) throw invalidApiKey();
  request.userId = userId;
  request.callerKind = 'apiKey';
};

/**
 * The calls that integrations make with their API key and the web app with its session
 * (`auth: 'apiKeyOrBearer'`): an `x-api-key` header decides for the key (and must be a valid
 * one), otherwise the session must be valid.
 */
const requireApiKeyOrSession = (deps: Deps) => {
  const keyGuard = requireApiKey(deps);
  const sessionGuard = requireSession(deps);
  return async (request: FastifyRequest) =>
    request.headers['x-api-key'] !== undefined ? keyGuard(request) : sessionGuard(request);
};

/**
 * The guard of a descriptor's `auth`, and the hook it runs in: the API key or a session where it
 * says `apiKeyOrBearer` (everything an integration manages: templates, versions, batches,
 * webhooks), a session alone for `bearer` (the account's own security: password, e-mail, profile,
 * the key itself, export, deletion, billing), nothing for `none`. A key is not ambient authority
 * (a browser never sends it by itself), so the XSRF check does not apply to it (plugins/csrf.ts).
 * A route taking the key alone (`apiKey`: generate) checks it after validation (`preHandler`), so
 * its look-up may find what the body names in the same statement (`findKeyAccount`), and a
 * malformed body is refused first as it always was.
 */
const guardOf = (deps: Deps, auth: EndpointAuth): GuardHook | undefined => {
  switch (auth) {
    case 'none':
      return undefined;
    case 'bearer':
      return { hook: 'onRequest', guard: requireSession(deps) };
    case 'apiKeyOrBearer':
      return { hook: 'onRequest', guard: requireApiKeyOrSession(deps) };
    case 'apiKey':
      return { hook: 'preHandler', guard: requireApiKey(deps) };
  }
};

/** Gives `route()` its guards (`app.guardOf`); registered before any route. */
const accountGuard = async (app: FastifyInstance, opts: { deps: Deps }) => {
  app.decorate('guardOf', (auth: EndpointAuth) => guardOf(opts.deps, auth));
};

export default fp(accountGuard, { name: 'account-guard' });
