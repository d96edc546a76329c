import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorBody, signUp, type Account } from '../../../test/http.ts';
import { makePdf } from '../../../test/pdf-fixtures.ts';
import {
  buildTestApp,
  rateLimitStoreConfig,
  testRateLimitStores,
  type TestApp,
} from '../../../test/test-app.ts';
import { uploadTemplate } from '../../../test/templates.ts';
import { TRYOUTS_PER_ACCOUNT_PER_MINUTE } from './documents.routes.ts';

describe.each(testRateLimitStores())('the tryout’s limit per account (counted in %s)', (store) => {
  let app: TestApp;
  let ada: Account;
  let bob: Account;

  beforeAll(async () => {
    app = await buildTestApp('sqlite', rateLimitStoreConfig(store));
    // New accounts each run: a Redis store outlives the test run, its counters are per account.
    [ada, bob] = await Promise.all([signUp(app), signUp(app)]);
    for (const account of [ada, bob]) {
      await uploadTemplate(app, account, { name: 'Form', pdf: await makePdf() });
    }
  });
  afterAll(() => app.dispose());

  const tryout = (account?: Account) =>
    call(app, 'POST', '/v1/document/tryout/template', {
      ...(account && { token: account.token }),
      body: { templateName: 'Form' },
    });

  it('answers 429 with Retry-After past the limit, and leaves other accounts alone', async () => {
    const allowed = await Promise.all(
      Array.from({ length: TRYOUTS_PER_ACCOUNT_PER_MINUTE }, () => tryout(ada)),
    );
    expect(allowed.map((res) => res.statusCode)).toEqual(
      Array.from({ length: TRYOUTS_PER_ACCOUNT_PER_MINUTE }, () => 200),
    );
    const refused = await tryout(ada);
    expect(refused.statusCode).toBe(429);
    expect(errorBody(refused)).toEqual({
      status: 429,
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many requests\. Please slow down/) as string,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await tryout(bob)).statusCode).toBe(200);
  });

  it('checks the session first: no session is 401, not a shared bucket', async () => {
    expect((await tryout()).statusCode).toBe(401);
  });
});
