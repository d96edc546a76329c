import * as contract from '@platen/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { createWebhooksService } from './webhooks.service.ts';

/**
 * The endpoints' API (registered behind the session guard). This instance's delivery worker is
 * started and stopped with the app's other timers (jobs/schedule.ts).
 */
export const webhooksRoutes = async (app: FastifyInstance, opts: { deps: Deps }) => {
  const { deps } = opts;
  const webhooks = createWebhooksService(deps);

  route(app, contract.listWebhookEndpoints, async (req) => ({
    endpoints: await webhooks.list(req.userId),
  }));
  route(app, contract.createWebhookEndpoint, async (req) => webhooks.create(req.userId, req.body));
  route(app, contract.getWebhookEndpoint, async (req) => webhooks.get(req.userId, req.params.id));
  route(app, contract.updateWebhookEndpoint, async (req) =>
    webhooks.update(req.userId, req.params.id, req.body),
  );
  route(app, contract.deleteWebhookEndpoint, async (req) =>
    webhooks.remove(req.userId, req.params.id),
  );
  route(app, contract.rotateWebhookSecret, async (req) =>
    webhooks.rotateSecret(req.userId, req.params.id),
  );
  route(app, contract.sendWebhookTest, async (req) => webhooks.sendTest(req.userId, req.params.id));
  route(app, contract.listWebhookDeliveries, async (req) =>
    webhooks.deliveries(req.userId, req.params.id, contract.deliveryPageOf(req.query)),
  );
  route(app, contract.resendWebhookDelivery, async (req) =>
    webhooks.resend(req.userId, req.params.id),
  );
};
