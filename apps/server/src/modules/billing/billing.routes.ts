import * as contract from '@platen/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { createBillingService } from './billing.service.ts';
import { createCheckoutService } from './checkout.service.ts';

/** Plans, the caller's subscription, vouchers and provider sessions. Inside the session guard. */
export const billingRoutes = async (app: FastifyInstance, opts: { deps: Deps }) => {
  const billing = createBillingService(opts.deps);
  const checkout = createCheckoutService(opts.deps);

  route(app, contract.listPlans, (req) => billing.listPlans(req.auth.userId));
  route(app, contract.getSubscription, (req) => billing.getSubscription(req.auth.userId));
  route(app, contract.getSubscriptionHistory, (req) => billing.history(req.auth.userId));
  route(app, contract.redeemVoucher, (req) =>
    billing.redeemVoucher(req.auth.userId, req.body.code, req.ip),
  );
  route(app, contract.cancelSubscription, (req) => billing.cancel(req.auth.userId));
  route(app, contract.createCheckoutSession, (req) =>
    checkout.startCheckout(req.auth, req.params.provider, req.body.planId),
  );
  route(app, contract.createBillingPortalSession, (req) =>
    checkout.openPortal(req.auth, req.params.provider),
  );
};
