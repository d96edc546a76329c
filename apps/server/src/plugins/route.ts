import type { Endpoint } from '@platen/contract';
import { errorResponse } from '@platen/contract';
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

const errorStatuses = [400, 401, 402, 403, 404, 409, 413, 415, 422, 429, 502, 503] as const;

/**
 * Registers one endpoint of the contract: its path, validation, OpenAPI description,
 * serialisation and caching (`noStore`) all come from the descriptor, so the server cannot drift
 * from the contract.
 */
export const route = <E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  options: Partial<Pick<RouteOptions, 'config' | 'bodyLimit' | 'onSend'>> = {},
): void => {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...options,
    config: { ...options.config, ...(endpoint.noStore && { noStore: true }) },
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      ...(endpoint.auth === 'bearer' && { security: [{ bearer: [] }] }),
      ...(endpoint.auth === 'apiKey' && { security: [{ apiKey: [] }] }),
      ...(endpoint.consumes && { consumes: [endpoint.consumes] }),
      ...(endpoint.params && { params: endpoint.params }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.body && { body: endpoint.body }),
      response: {
        200: endpoint.response,
        ...Object.fromEntries(errorStatuses.map((status) => [status, errorResponse])),
      },
    },
    handler: handler as RouteOptions['handler'],
  });
};
