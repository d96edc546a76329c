/**
 * What other modules use of webhooks: recording an event in the transaction of the change it
 * reports, the routes, and one delivery pass (tests drive it on their clock).
 */
export { deliverDue } from './delivery-worker.ts';
export { recordWebhookEvent } from './webhook-events.ts';
export { webhooksRoutes } from './webhooks.routes.ts';
