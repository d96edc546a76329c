import * as contract from '@platen/contract';
import type { FastifyInstance } from 'fastify';
import { isDatabaseReachable } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../plugins/route.ts';
import { createStoreProbe } from './store-probe.ts';

export const healthRoutes = async (app: FastifyInstance, opts: { deps: Deps }) => {
  // Only a store of its own kind may be down apart from the instance: files are on its own disk.
  const storeProbe = opts.deps.config.s3 ? createStoreProbe(opts.deps.results) : undefined;
  route(app, contract.health, async () => ({ status: 'ok' as const }));
  route(app, contract.readiness, async () => {
    const { db, pdfPool } = opts.deps;
    if (!(await isDatabaseReachable(db))) {
      throw new AppError('SERVICE_UNAVAILABLE', 503, 'The database does not answer.');
    }
    const { workersAlive, running, waiting } = pdfPool.stats();
    if (pdfPool.isStalled()) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        503,
        `The PDF workers are not running: ${running + waiting} tasks wait for them.`,
      );
    }
    const pdfWorkers = { alive: workersAlive, running, waiting };
    const breaker = app.rateLimitStore?.breaker.state();
    const redis = breaker && (breaker === 'closed' ? ('ok' as const) : ('unavailable' as const));
    const resultStore = await storeProbe?.();
    // Requests are served meanwhile (rate limits uncounted, batches waiting): degraded, but ready.
    const isDegraded = redis === 'unavailable' || resultStore === 'unavailable';
    return {
      status: isDegraded ? ('degraded' as const) : ('ok' as const),
      pdfWorkers,
      ...(redis && { redis }),
      ...(resultStore && { resultStore }),
    };
  });
};
