import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { refusedUrlOf } from './router-errors.ts';

/**
 * One log line per request instead of Fastify's two: "request completed" (or "request errored"),
 * written when the answer has gone, carries what "incoming request" did (the `req` serializer's
 * method, URL without secrets, address) with the status and time. Each line's serialising and
 * redaction cost ~9 µs, 7 % of a /healthz request at info level (bench/RESULTS.md). "incoming
 * request" stays at debug, for following a request that never finishes. Fastify's other lines
 * (stream errors, a serializer failing) are kept as they are.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    // A URL the router refused was rerouted (router-errors.ts): log the one the client sent.
    const refusedUrl = refusedUrlOf(request);
    const req = refusedUrl
      ? { id: request.id, method: request.method, url: refusedUrl, ip: request.ip }
      : request;
    const fields = { req, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}
