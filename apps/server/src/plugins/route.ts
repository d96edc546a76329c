import type { Endpoint, EndpointAuth } from '@platen/contract';
import { errorResponse, errorStatuses } from '@platen/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';

type Input<E extends Endpoint, K extends keyof Endpoint> = E[K] extends z.ZodType
  ? z.output<E[K]>
  : undefined;

export type RouteRequest<E extends Endpoint> = FastifyRequest<{
  Params: Input<E, 'params'>;
  Querystring: Input<E, 'query'>;
  Body: Input<E, 'body'>;
}>;

type Handler<E extends Endpoint> = (
  request: RouteRequest<E>,
  reply: FastifyReply,
) => Promise<z.input<E['response']>>;

/** A check that refuses a request its route's descriptor does not let in. */
export type Guard = (request: FastifyRequest) => Promise<void>;

/** The guard of a descriptor's `auth`, and the hook it runs in. */
export type GuardHook = { hook: 'onRequest' | 'preHandler'; guard: Guard };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's descriptor of the route, from which the API document describes it. */
    endpoint?: Endpoint;
  }
  interface FastifyInstance {
    /**
     * The guard `route()` runs for each descriptor `auth` (plugins/account-guard.ts); undefined
     * for a call anyone may make.
     */
    guardOf: (auth: EndpointAuth) => GuardHook | undefined;
  }
}

type RouteExtras = Partial<Pick<RouteOptions, 'config' | 'bodyLimit' | 'onSend'>> & {
  /** Checks of the route's own, run after its guard (and before its rate limit). */
  onRequest?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /**
   * A request for which this holds carries a credential of its own that the handler checks (a
   * signed download link), so the descriptor's guard lets it through.
   */
  hasOwnCredential?: (request: FastifyRequest) => boolean;
};

/** The route's hooks: the guard of the descriptor's `auth` first, then the route's own checks. */
const guardHooks = (app: FastifyInstance, endpoint: Endpoint, extras: RouteExtras) => {
  // Without the guards a route would be served to anyone: refuse to declare it.
  if (!app.hasDecorator('guardOf')) {
    throw new Error(`route() needs the account-guard plugin to guard ${endpoint.path}.`);
  }
  const found = app.guardOf(endpoint.auth);
  const { hasOwnCredential } = extras;
  const guard =
    found &&
    (hasOwnCredential
      ? async (request: FastifyRequest) => {
          if (!hasOwnCredential(request)) await found.guard(request);
        }
      : found.guard);
  return {
    onRequest: [
      ...(guard && found.hook === 'onRequest' ? [guard] : []),
      ...(extras.onRequest ? [extras.onRequest] : []),
    ],
    preHandler: guard && found.hook === 'preHandler' ? [guard] : [],
  };
};

/**
 * Registers one endpoint of the contract: its path, who may call it (`auth`: the guard runs
 * because the descriptor says so, plugins/account-guard.ts), validation, OpenAPI description
 * (`openapi-document.ts`), serialisation, caching (`noStore`) and idempotency keys
 * (`idempotent`, plugins/idempotency.ts) all come from the descriptor, so the server cannot drift
 * from the contract.
 */
export const route = <E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  options: RouteExtras = {},
): void => {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(options.bodyLimit !== undefined && { bodyLimit: options.bodyLimit }),
    ...(options.onSend && { onSend: options.onSend }),
    ...guardHooks(app, endpoint, options),
    config: {
      ...(endpoint.csrf === false && { csrf: false }),
      ...(endpoint.auth === 'apiKeyOrBearer' && { csrf: 'unless-api-key' as const }),
      ...options.config,
      ...(endpoint.noStore && { noStore: true }),
      ...(endpoint.idempotent && { idempotent: true }),
      endpoint,
    },
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      ...(endpoint.consumes && { consumes: [endpoint.consumes] }),
      ...(endpoint.params && { params: endpoint.params }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.body && { body: endpoint.body }),
      response: {
        [endpoint.status ?? 200]: endpoint.response,
        ...Object.fromEntries(errorStatuses.map((status) => [status, errorResponse])),
      },
    },
    handler: handler as RouteOptions['handler'],
  });
};
