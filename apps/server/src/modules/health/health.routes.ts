import * as contract from '@platen/contract';
import type { FastifyInstance } from 'fastify';
import { isDatabaseReachable } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../plugins/route.ts';

export const healthRoutes = async (app: FastifyInstance, opts: { deps: Deps }) => {
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
    const redis = app.rateLimitStore?.breaker.state();
    if (redis === undefined) return { status: 'ok' as const, pdfWorkers };
    // Requests are served without counting rate limits meanwhile: degraded, but ready.
    return redis === 'closed'
      ? { status: 'ok' as const, pdfWorkers, redis: 'ok' as const }
      : { status: 'degraded' as const, pdfWorkers, redis: 'unavailable' as const };
  });
};
