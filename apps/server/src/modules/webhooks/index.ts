/**
 * What other modules use of webhooks: recording an event in the transaction of the change it
 * reports, the routes, the delivery worker (jobs/schedule.ts runs its passes) and one delivery
 * pass (tests drive it on their clock), and the account's endpoints without their secrets for
 * its data export.
 */
export { createDeliveryWorker, deliverDue } from './delivery-worker.ts';
export { recordWebhookEvent } from './webhook-events.ts';
export { webhooksRoutes } from './webhooks.routes.ts';
export { webhookEndpointsForExport } from './webhooks.service.ts';
