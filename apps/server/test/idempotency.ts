import type { App } from '../src/app.ts';
import type { TestApp } from './test-app.ts';

export const GENERATE = '/v1/document/generate/template';

/** A generate call as an integrator sends it: API key, optional Idempotency-Key, a JSON body. */
export const generateWithKey = (app: App, opts: { apiKey: string; key?: string; body: unknown }) =>
  app.inject({
    method: 'POST',
    url: GENERATE,
    headers: {
      'content-type': 'application/json',
      'x-api-key': opts.apiKey,
      ...(opts.key !== undefined && { 'idempotency-key': opts.key }),
    },
    payload: typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
  });

/** The idempotency keys stored, whatever their account, sorted. */
export const storedKeys = async (app: TestApp) =>
  (await app.deps.db.selectFrom('idempotency_keys').select('idempotency_key').execute())
    .map((row) => row.idempotency_key)
    .sort();
