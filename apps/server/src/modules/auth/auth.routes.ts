import * as contract from '@platen/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { createAuthService, RESET_REQUEST_MESSAGE } from './auth.service.ts';

/** The public account calls: sign up, sign in, tokens, password reset. */
export const authRoutes = async (app: FastifyInstance, opts: { deps: Deps }) => {
  const auth = createAuthService(opts.deps);

  route(app, contract.register, (req) => auth.register(req.body, req.ip));
  route(app, contract.login, (req) => auth.login(req.body, req.ip));
  route(app, contract.refresh, (req) => auth.refresh(req.body.refreshToken, req.ip));
  route(app, contract.logout, async (req) => {
    await auth.logout(req.body.refreshToken);
    return { message: 'You are signed out.' };
  });
  route(app, contract.csrf, async (req) => ({ csrfToken: req.csrfToken }));
  route(app, contract.requestPasswordReset, async (req) => {
    await auth.requestPasswordReset(req.body, req.ip);
    return { message: RESET_REQUEST_MESSAGE };
  });
  route(app, contract.submitPasswordReset, (req) => auth.submitPasswordReset(req.body, req.ip));
};
