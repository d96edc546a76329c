import type { Endpoint } from '@platen/contract';
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

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's descriptor of the route, from which the API document describes it. */
    endpoint?: Endpoint;
  }
}

/**
 * Registers one endpoint of the contract: its path, validation, OpenAPI description
 * (`openapi-document.ts`), serialisation, caching (`noStore`) and idempotency keys
 * (`idempotent`, plugins/idempotency.ts) all come from the descriptor, so the server cannot drift
 * from the contract.
 */
export const route = <E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  options: Partial<Pick<RouteOptions, 'config' | 'bodyLimit' | 'onRequest' | 'onSend'>> = {},
): void => {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...options,
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
