import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Requests the router refused, waiting for their second pass, with the id their log line got. */
const refused = new WeakMap<IncomingMessage, { error: FastifyError; id: string; url: string }>();

// No route serves this path for any method, so the second pass ends in the not-found handler.
const REROUTED_PATH = '/v1/router-error';

/**
 * Fastify options that give the router's own refusals (a malformed %-escape, FST_ERR_BAD_URL; a
 * path parameter over 100 characters, FST_ERR_MAX_PARAM_LENGTH) the same answer as any error.
 * Fastify raises them before a route is chosen and answers them from a bare context: no hooks
 * (security headers, x-request-id) and no error handler, the raw path echoed in its own JSON. So
 * `frameworkErrors` keeps the error and routes the request again, to a path nothing serves; the
 * not-found handler then throws the kept error (`routerErrorOf`) and the answer goes through every
 * hook and the error handler. `genReqId` gives the second pass the first one's id, and its log
 * line names the URL the client sent (`refusedUrlOf`).
 */
export const routerErrorOptions = (appOf: () => FastifyInstance) => ({
  genReqId: (raw: IncomingMessage) => refused.get(raw)?.id ?? randomUUID(),
  frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    refused.set(request.raw, { error, id: request.id, url: request.raw.url ?? '' });
    request.raw.url = REROUTED_PATH;
    appOf().routing(request.raw, reply.raw);
  },
});

/** The router's refusal of this request, if that is why it reached the not-found handler. */
export const routerErrorOf = (request: FastifyRequest): FastifyError | undefined =>
  refused.get(request.raw)?.error;

/** The URL the client sent, if the router refused it and the request was rerouted. */
export const refusedUrlOf = (request: FastifyRequest): string | undefined =>
  refused.get(request.raw)?.url;
