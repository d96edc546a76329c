import type { App } from '../src/app.ts';
import { signUp } from './http.ts';
import { makePdf } from './pdf-fixtures.ts';
import { apiKeyOf, saveFields, textField, uploadTemplate } from './templates.ts';
import type { TestApp } from './test-app.ts';

export const GENERATE = '/v1/document/generate/template';

/**
 * A generate call as an integrator sends it: API key, optional Idempotency-Key, a JSON body, and
 * optionally `Prefer: respond-async`.
 */
export const generateWithKey = (
  app: App,
  opts: { apiKey: string; key?: string; body: unknown; respondAsync?: boolean },
) =>
  app.inject({
    method: 'POST',
    url: GENERATE,
    headers: {
      'content-type': 'application/json',
      'x-api-key': opts.apiKey,
      ...(opts.key !== undefined && { 'idempotency-key': opts.key }),
      ...(opts.respondAsync && { prefer: 'respond-async' }),
    },
    payload: typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
  });

/** The idempotency keys stored, whatever their account, sorted. */
export const storedKeys = async (app: TestApp) =>
  (await app.deps.db.selectFrom('idempotency_keys').select('idempotency_key').execute())
    .map((row) => row.idempotency_key)
    .sort();

let keyCounter = 0;
/** An Idempotency-Key no other call of the run has used. */
export const newKey = () => `order-${++keyCounter}-${'x'.repeat(8)}`;

/** A new account with the template "Letter" (a Name text and a Logo image field) and its API key. */
export const letterTemplate = async (app: TestApp) => {
  const ada = await signUp(app);
  await uploadTemplate(app, ada, { name: 'Letter', pdf: await makePdf({ pages: 1 }) });
  await saveFields(app, ada, 'Letter', [
    textField('Name'),
    textField('Logo', { fieldType: 'image', rectY: 220, rectWidth: 60, rectHeight: 60 }),
  ]);
  return { ada, apiKey: await apiKeyOf(app, ada, 'Letter') };
};
