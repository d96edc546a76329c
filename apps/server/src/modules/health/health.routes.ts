import * as contract from '@platen/contract';
import type { FastifyInstance } from 'fastify';
import { isDatabaseReachable } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../plugins/route.ts';

export const healthRoutes = async (app: FastifyInstance, opts: { deps: Deps }) => {
  route(app, contract.health, async () => ({ status: 'ok' as const }));
  route(app, contract.readiness, async () => {
    if (!(await isDatabaseReachable(opts.deps.db))) {
      throw new AppError('SERVICE_UNAVAILABLE', 503, 'The database does not answer.');
    }
    return { status: 'ok' as const };
  });
};
