import { once } from 'node:events';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Deps } from '../deps.ts';
import { AppError } from '../lib/app-error.ts';
import type { Logger } from '../lib/logger.ts';

/** Prefix of every counter in Redis; each limiter adds its route or its own key prefix. */
export const REDIS_NAMESPACE = 'platen:rate-limit:';

/** How long a start waits for Redis before serving without it (counters are skipped meanwhile). */
const CONNECT_WAIT_MS = 2_000;

/**
 * A Redis client for the rate-limit counters. A limit that cannot be counted is skipped rather
 * than waited for: commands fail at once while the connection is down (no offline queue) and
 * after a second on a stalled server. An outage is logged once when it starts and once when it
 * ends, never per request.
 */
const connectRedis = async (url: string, log: Logger): Promise<Redis> => {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1_000,
    connectTimeout: CONNECT_WAIT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let isDown = false;
  redis.on('error', (error: Error) => {
    if (isDown) return;
    isDown = true;
    log.warn(
      { event: 'rate_limit.store_unavailable', err: error },
      'Redis is unreachable: rate limits are not counted until it is back',
    );
  });
  redis.on('ready', () => {
    if (!isDown) return;
    isDown = false;
    log.info({ event: 'rate_limit.store_recovered' }, 'Redis is reachable again');
  });
  // Resolves when connected; a refused connection or the wait running out only means "start
  // without it for now" (the 'error' handler above has logged it).
  await once(redis, 'ready', { signal: AbortSignal.timeout(CONNECT_WAIT_MS) }).catch(() => {});
  return redis;
};

/**
 * @fastify/rate-limit for the routes that ask for it (`config.rateLimit`, `createRateLimit`). With
 * REDIS_URL every instance counts in one store; without it each process counts alone.
 */
const rateLimitPlugin = async (app: FastifyInstance, opts: { deps: Deps }) => {
  const { config, log } = opts.deps;
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, log) : undefined;
  if (redis) {
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis && { redis, nameSpace: REDIS_NAMESPACE, skipOnError: true }),
    errorResponseBuilder: (_req, context) =>
      new AppError(
        'RATE_LIMITED',
        429,
        `Too many requests. Please slow down and try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      ),
  });
};

export default fp(rateLimitPlugin, { name: 'platen-rate-limit' });
