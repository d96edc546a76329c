/**
 * What other code uses of api-keys: the account's first key, revealing it, recognising a key on a
 * request (its hash, the account it belongs to, the refusal of a wrong one), and its routes.
 */
export { findApiKeyAccount } from './api-keys.repository.ts';
export { apiKeysRoutes } from './api-keys.routes.ts';
export { apiKeyHash, createApiKey, invalidApiKey, revealApiKey } from './api-keys.service.ts';
