import {
  asksRespondAsync,
  type Endpoint,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyKeySchema,
  PREFER_HEADER,
} from '@platen/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Deps } from '../deps.ts';
import { AppError } from '../lib/app-error.ts';
import { runPeriodically } from '../lib/periodic.ts';
import {
  type Claim,
  createIdempotencyService,
  type StoredAnswer,
} from '../modules/idempotency/index.ts';
import { apiKeyAccountOf } from './account-guard.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes an `Idempotency-Key` header. Contract endpoints set it with
     * `idempotent: true` in their descriptor (plugins/route.ts).
     */
    idempotent?: boolean;
  }
}

const invalidKey = () =>
  new AppError(
    'IDEMPOTENCY_KEY_INVALID',
    400,
    'The Idempotency-Key header must be 1 to 255 printable ASCII characters.',
  );

// Headers that describe this one call, not its result: never given again.
const PER_CALL_HEADERS = new Set<string>([
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  IDEMPOTENT_REPLAYED_HEADER,
]);

/** The answer's headers a replay carries: its type and file name, and what the endpoint adds. */
const replayedHeaders = (endpoint: Endpoint | undefined, reply: FastifyReply) => {
  const names = ['content-type', 'content-disposition', 'location', ...(endpoint?.headers ?? [])];
  const kept = names.filter((name) => !PER_CALL_HEADERS.has(name));
  return Object.fromEntries(
    kept.flatMap((name) => {
      const value = reply.getHeader(name);
      return value === undefined ? [] : [[name, String(value)]];
    }),
  );
};

/** The bytes of a successful answer; undefined for anything that is not kept (errors, streams). */
const answerOf = (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
  const isKept = reply.statusCode >= 200 && reply.statusCode < 300;
  if (!isKept || !(typeof payload === 'string' || payload instanceof Uint8Array)) return undefined;
  return {
    status: reply.statusCode,
    headers: replayedHeaders(request.routeOptions.config.endpoint, reply),
    body: Buffer.isBuffer(payload) ? payload : Buffer.from(payload),
  } satisfies StoredAnswer;
};

/**
 * `Idempotency-Key` on the routes marked `idempotent`: the first call with a key runs and, when it
 * succeeds, its answer is kept for IDEMPOTENCY_WINDOW_HOURS; the same key with the same body gets
 * that answer again (with `Idempotent-Replayed: true`) without running the handler, so nothing is
 * counted twice. On an endpoint that answers with a job when asked `Prefer: respond-async`, the
 * mode is part of the request like the body: the same key in the other mode is refused. Keys
 * belong to the caller's account (its API key's, or its session's) and to the endpoint. Without
 * the header, or without a known account (the route's guard then refuses the call), the route runs
 * as if this plugin were not there.
 */
const idempotency = async (app: FastifyInstance, opts: { deps: Deps }) => {
  const { deps } = opts;
  const service = createIdempotencyService(deps);
  const running = new WeakMap<FastifyRequest, { claim: Claim; keepAlive: { stop: () => void } }>();

  /**
   * The caller's account: the one its guard found in onRequest; on a route that takes the API key
   * alone, whose guard runs after this hook, the key's (looked up once: the guard reuses it).
   */
  const accountOf = async (request: FastifyRequest): Promise<string | undefined> => {
    const auth = request.routeOptions.config.endpoint?.auth;
    if (auth === 'apiKey') return apiKeyAccountOf(deps, request);
    return auth === 'bearer' || auth === 'apiKeyOrBearer' ? request.userId : undefined;
  };

  const onError = (event: string) => (error: unknown) =>
    deps.log.error({ event, err: error }, 'idempotency key not updated');

  app.addHook('preHandler', async (request, reply) => {
    const { config } = request.routeOptions;
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (!config.idempotent || header === undefined) return undefined;
    const parsed = idempotencyKeySchema.safeParse(header);
    if (!parsed.success) throw invalidKey();
    const userId = await accountOf(request);
    if (!userId) return undefined;
    const endpoint =
      config.endpoint?.operationId ?? `${request.method} ${request.routeOptions.url}`;
    const respondAsync =
      config.endpoint?.respondAsync === true && asksRespondAsync(request.headers[PREFER_HEADER]);
    const admission = await service.admit(
      { userId, endpoint, key: parsed.data },
      { body: request.body, respondAsync },
    );
    if (admission.kind === 'replay') {
      const { status, headers, body } = admission.answer;
      request.log.info(
        { event: 'idempotency.replayed', userId, endpoint },
        'stored answer replayed',
      );
      return reply
        .code(status)
        .headers(headers)
        .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
        .send(body);
    }
    // A call may outlast the lease (a queue for the fill workers, slow image downloads): it
    // renews its claim while it runs, so only a claim whose instance died runs out.
    const keepAlive = runPeriodically(
      service.leaseMs / 3,
      () => service.renew(admission.claim),
      onError('idempotency.renew_failed'),
    );
    running.set(request, { claim: admission.claim, keepAlive });
    return undefined;
  });

  const finish = async (request: FastifyRequest, answer: StoredAnswer | undefined) => {
    const call = running.get(request);
    if (!call) return;
    running.delete(request);
    call.keepAlive.stop();
    // The answer goes out even if it could not be kept; the key is then given up at the latest
    // when its lease runs out.
    await service.finish(call.claim, answer).catch(onError('idempotency.finish_failed'));
  };

  // Kept before the answer is sent, so a caller who got it and retries is sure to get it again.
  app.addHook('onSend', async (request, reply, payload) => {
    await finish(request, answerOf(request, reply, payload));
    return payload;
  });
  // An answer that never reached onSend (a hook before it failed) releases the key here.
  app.addHook('onResponse', async (request) => finish(request, undefined));
};

export default fp(idempotency, { name: 'idempotency' });
