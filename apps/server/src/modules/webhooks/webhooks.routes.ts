import * as contract from '@platen/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { runPeriodically } from '../../lib/periodic.ts';
import { route } from '../../plugins/route.ts';
import { createDeliveryWorker } from './delivery-worker.ts';
import { createWebhooksService } from './webhooks.service.ts';

/**
 * The endpoints' API (registered behind the session guard) and this instance's delivery worker,
 * which looks for due deliveries every WEBHOOK_POLLING_SECONDS, and whenever a try ends, from the
 * server's start to its close.
 */
export const webhooksRoutes = async (app: FastifyInstance, opts: { deps: Deps }) => {
  const { deps } = opts;
  const webhooks = createWebhooksService(deps);

  route(app, contract.listWebhookEndpoints, async (req) => ({
    endpoints: await webhooks.list(req.accountId),
  }));
  route(app, contract.createWebhookEndpoint, async (req) =>
    webhooks.create(req.accountId, req.body),
  );
  route(app, contract.getWebhookEndpoint, async (req) =>
    webhooks.get(req.accountId, req.params.id),
  );
  route(app, contract.updateWebhookEndpoint, async (req) =>
    webhooks.update(req.accountId, req.params.id, req.body),
  );
  route(app, contract.deleteWebhookEndpoint, async (req) =>
    webhooks.remove(req.accountId, req.params.id),
  );
  route(app, contract.rotateWebhookSecret, async (req) =>
    webhooks.rotateSecret(req.accountId, req.params.id),
  );
  route(app, contract.sendWebhookTest, async (req) =>
    webhooks.sendTest(req.accountId, req.params.id),
  );
  route(app, contract.listWebhookDeliveries, async (req) =>
    webhooks.deliveries(req.accountId, req.params.id, contract.deliveryPageOf(req.query)),
  );
  route(app, contract.resendWebhookDelivery, async (req) =>
    webhooks.resend(req.accountId, req.params.id),
  );

  const worker = createDeliveryWorker(deps);
  let poller: { stop: () => void } | undefined;
  app.addHook('onReady', async () => {
    poller = runPeriodically(
      deps.config.webhooks.pollingMs,
      () => worker.poll(),
      (error) =>
        deps.log.error({ event: 'webhook.pass_failed', err: error }, 'webhook pass failed'),
    );
  });
  // Tries under way finish before the database closes; no new one starts.
  app.addHook('onClose', async () => {
    poller?.stop();
    worker.stop();
    await worker.idle();
  });
};
