/**
 * What other modules use of billing (its subscription, the new account's FREE plan, ending a
 * paid plan for a deleted account), and counting generated documents against the plan (all or
 * none for a batch), giving them back when generation fails, reporting overage afterwards, and
 * the plan's limit for a refusal's message, the billing an account's data export holds; and its
 * routes, for the app. The rest of the module is its own business.
 */
export { countDocument, countDocuments, releaseDocuments } from './usage/document-count.ts';
export { reportOverage } from './usage/overage.ts';
export { quotaRefusal } from './usage/quota-refusal.ts';
export { billingRoutes } from './billing.routes.ts';
export { createBillingService } from './billing.service.ts';
export { billingPublicRoutes } from './provider-events.routes.ts';
export { currentSubscription } from './lifecycle/subscription-state.ts';
export { insertFreeSubscription } from './lifecycle/subscriptions.repository.ts';
export { centsToEuros } from './usage/money.ts';
export { billingForExport } from './billing-export.ts';
export { billingSummary, grantPlan, setDocumentsUsed } from './operator.ts';
