/**
 * What other modules use of billing: counting generated documents against the plan (all or
 * none for a batch), giving them back when generation fails, reporting overage afterwards, and
 * the plan's limit for a refusal's message. The rest of the module is its own business.
 */
export {
  countDocument,
  countDocuments,
  releaseDocuments,
  type DocumentsReservation,
} from './usage/document-count.ts';
export { reportOverage } from './usage/overage.ts';
export { findPlanLimit } from './usage/usage.repository.ts';
