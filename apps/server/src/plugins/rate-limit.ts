import { once } from 'node:events';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Deps } from '../deps.ts';
import { AppError } from '../lib/app-error.ts';
import { createCircuitBreaker, type CircuitBreaker } from '../lib/circuit-breaker.ts';
import type { Logger } from '../lib/logger.ts';

/** How long a start waits for Redis before serving without it (counters are skipped meanwhile). */
const CONNECT_WAIT_MS = 2_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis of the rate limits, when REDIS_URL is set: `/readyz` reports its breaker. */
    rateLimitStore?: { breaker: CircuitBreaker };
  }
}

type Callback = (error: Error | null, result?: unknown) => void;
type ScriptCommand = (...args: unknown[]) => Promise<unknown>;

/**
 * What @fastify/rate-limit's Redis store sees of the client: the commands it defines, each
 * behind the breaker. While the breaker is open a command fails at once without reaching Redis,
 * and `skipOnError` lets the request through uncounted, as for any other Redis error.
 */
const guardedClient = (redis: Redis, breaker: CircuitBreaker) => {
  const client: Record<string, unknown> = {
    defineCommand: (name: string, definition: { numberOfKeys: number; lua: string }) => {
      redis.defineCommand(name, definition);
      client[name] = (...args: unknown[]) => {
        const done = args.pop() as Callback;
        if (!breaker.allows()) {
          done(new Error('Redis is skipped while it does not answer'));
          return;
        }
        const command = (redis as unknown as Record<string, ScriptCommand>)[name];
        command!.apply(redis, args).then(
          (result) => {
            breaker.succeeded();
            done(null, result);
          },
          (error: Error) => {
            breaker.failed(error);
            done(error);
          },
        );
      };
    },
  };
  return client;
};

/**
 * A Redis client for the rate-limit counters, behind a circuit breaker. A limit that cannot be
 * counted is skipped rather than waited for: commands fail at once while the connection is down
 * (no offline queue) and after REDIS_TIMEOUT_MS on a stalled server; either opens the breaker,
 * and Redis is then not asked at all for a cool-down, after which one request probes it. An
 * outage is logged once when it starts and once when it ends, never per request.
 */
const connectRedis = async (
  url: string,
  opts: { timeoutMs: number; coolDownMs: number },
  log: Logger,
): Promise<{ redis: Redis; breaker: CircuitBreaker }> => {
  const breaker = createCircuitBreaker({
    coolDownMs: opts.coolDownMs,
    onOpen: (error) =>
      log.warn(
        {
          event: 'rate_limit.store_unavailable',
          err: error,
          timeoutMs: opts.timeoutMs,
          coolDownMs: opts.coolDownMs,
        },
        'Redis does not answer: rate limits are not counted until it is back',
      ),
    onClose: () => log.info({ event: 'rate_limit.store_recovered' }, 'Redis is reachable again'),
  });
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: opts.timeoutMs,
    connectTimeout: CONNECT_WAIT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  redis.on('error', (error: Error) => breaker.failed(error));
  // A new connection answered: counting goes on at once rather than after the cool-down.
  redis.on('ready', () => breaker.succeeded());
  // Resolves when connected; a refused connection or the wait running out only means "start
  // without it for now" (the breaker has logged it).
  await once(redis, 'ready', { signal: AbortSignal.timeout(CONNECT_WAIT_MS) }).catch(() => {});
  return { redis, breaker };
};

/**
 * @fastify/rate-limit for the routes that ask for it (`config.rateLimit`, `createRateLimit`). With
 * REDIS_URL every instance counts in one store; without it each process counts alone.
 */
const rateLimitPlugin = async (app: FastifyInstance, opts: { deps: Deps }) => {
  const { config, log } = opts.deps;
  const store = config.redisUrl
    ? await connectRedis(config.redisUrl, config.redisCalls, log)
    : undefined;
  if (store) {
    const { redis, breaker } = store;
    app.decorate('rateLimitStore', { breaker });
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(store && {
      redis: guardedClient(store.redis, store.breaker),
      // Every counter's key: the deployment's prefix, then each limiter's route or own prefix.
      nameSpace: `${config.redisKeyPrefix}rate-limit:`,
      skipOnError: true,
    }),
    errorResponseBuilder: (_req, context) =>
      new AppError(
        'RATE_LIMITED',
        429,
        `Too many requests. Please slow down and try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      ),
  });
};

export default fp(rateLimitPlugin, { name: 'platen-rate-limit' });
