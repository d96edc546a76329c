import * as contract from '@platen/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { createDashboardService } from './dashboard.service.ts';

/** The dashboard's figures. Inside the session guard. */
export const dashboardRoutes = async (app: FastifyInstance, opts: { deps: Deps }) => {
  const dashboard = createDashboardService(opts.deps);
  route(app, contract.getDashboard, (req) => dashboard.getDashboard(req.auth.userId));
};
