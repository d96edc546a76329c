import * as contract from '@platen/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { regenerateApiKey } from './api-keys.service.ts';

export const apiKeysRoutes = async (app: FastifyInstance, opts: { deps: Deps }) => {
  route(app, contract.regenerateApiKey, async (req) => ({
    apiKey: await regenerateApiKey(opts.deps, req.auth.userId),
  }));
};
