import * as contract from '@platen/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { createAuthService, RESET_REQUEST_MESSAGE } from './auth.service.ts';

/**
 * The largest body a sign-up, sign-in or reset call needs (a 256-character password, names, an
 * e-mail, a token) is well under 2 KB. These calls answer anyone, unauthenticated, so anything
 * larger is refused with 413 before it is parsed (security.md §50).
 */
const AUTH_BODY_LIMIT_BYTES = 8 * 1024;

/** The public account calls: sign up, sign in, tokens, password reset. */
export const authRoutes = async (app: FastifyInstance, opts: { deps: Deps }) => {
  const auth = createAuthService(opts.deps);
  const small = { bodyLimit: AUTH_BODY_LIMIT_BYTES };

  route(app, contract.register, (req) => auth.register(req.body, req.ip), small);
  route(app, contract.login, (req) => auth.login(req.body, req.ip), small);
  route(app, contract.refresh, (req) => auth.refresh(req.body.refreshToken, req.ip), small);
  route(
    app,
    contract.logout,
    async (req) => {
      await auth.logout(req.body.refreshToken);
      return { message: 'You are signed out.' };
    },
    small,
  );
  route(app, contract.csrf, async (req) => ({ csrfToken: req.csrfToken }));
  route(
    app,
    contract.requestPasswordReset,
    async (req) => {
      await auth.requestPasswordReset(req.body, req.ip);
      return { message: RESET_REQUEST_MESSAGE };
    },
    small,
  );
  route(
    app,
    contract.submitPasswordReset,
    (req) => auth.submitPasswordReset(req.body, req.ip),
    small,
  );
};
