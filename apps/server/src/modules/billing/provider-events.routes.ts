import * as contract from '@platen/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { isLocalProvider } from './payments/local-provider.ts';
import { localPagesRoutes } from './payments/local-pages.routes.ts';
import { receiveProviderEvent } from './payments/provider-events.ts';

/**
 * Public billing routes: the provider's webhook and, with the local provider, its hosted pages.
 * The webhook is signed, not authenticated by a session, so it opts out of the XSRF check.
 */
export const billingPublicRoutes = async (app: FastifyInstance, opts: { deps: Deps }) => {
  const { deps } = opts;
  await app.register(async (webhooks) => {
    // The signature covers the exact bytes Stripe sent: keep the body raw, never re-serialise it.
    webhooks.removeContentTypeParser('application/json');
    webhooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    route(webhooks, contract.stripeWebhook, async (req) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      await receiveProviderEvent(deps, raw, req.headers['stripe-signature']);
      return { received: true as const };
    });
  });
  const provider = deps.payments;
  if (isLocalProvider(provider)) await app.register(localPagesRoutes, { deps, provider });
};
