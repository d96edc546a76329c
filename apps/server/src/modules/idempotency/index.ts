/** What other code uses of idempotency: claiming a key and keeping its answer, for the plugin. */
export { type Claim, createIdempotencyService, type StoredAnswer } from './idempotency.service.ts';
