/**
 * What other modules use of billing (its subscription brought up to date, the new account's FREE
 * plan, ending a paid plan for a deleted account), the meter every maker of documents goes
 * through (reserve, settle, release: usage/meter.ts), the billing an account's data export
 * holds; and its routes, for the app. The rest of the module is its own business.
 */
export { release, reserve } from './usage/meter.ts';
export { billingRoutes } from './billing.routes.ts';
export { createBillingService } from './billing.service.ts';
export { billingPublicRoutes } from './provider-events.routes.ts';
export { catchUpSubscription } from './subscription-catch-up.ts';
export { insertFreeSubscription } from './lifecycle/subscriptions.repository.ts';
export { centsToEuros } from './usage/money.ts';
export { billingForExport } from './billing-export.ts';
export { billingSummary, grantPlan, setDocumentsUsed } from './operator.ts';
