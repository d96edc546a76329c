import { WEBHOOK_SENDS_PER_MINUTE } from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceDays } from '../../../test/billing.ts';
import { errorBody, signUp, type Account } from '../../../test/http.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import { webhookCalls } from '../../../test/webhooks.ts';

describe.each(testDatabases())('test events and resends on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let bob: Account;

  beforeAll(async () => {
    app = await buildTestApp(database);
    [ada, bob] = await Promise.all([signUp(app), signUp(app)]);
  });
  afterAll(() => app.dispose());

  const adas = webhookCalls(() => ({ app, account: ada }));
  const bobs = webhookCalls(() => ({ app, account: bob }));
  const url = 'https://93.184.215.14/hooks';

  const expectLimited = (res: Awaited<ReturnType<typeof adas.send>>) => {
    expect(res.statusCode, res.body).toBe(429);
    expect(errorBody(res)).toEqual({
      status: 429,
      code: 'RATE_LIMITED',
      message: expect.stringMatching(
        /^Too many attempts\. Please try again in 1 minute\.$/,
      ) as string,
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
  };

  it('answers 429 with Retry-After past the limit a minute, to /test and /resend alike, and queues nothing', async () => {
    const first = await adas.addEndpoint({ url });
    const second = await adas.addEndpoint({ url });
    const queued = [];
    for (let i = 0; i < WEBHOOK_SENDS_PER_MINUTE - 1; i += 1) {
      queued.push(await adas.sendTest(i % 2 === 0 ? first.id : second.id));
    }
    queued.push(await adas.resend(queued[0]!.id));

    expectLimited(await adas.send('POST', `/v1/webhook-endpoints/${first.id}/test`));
    expectLimited(await adas.send('POST', `/v1/webhook-endpoints/${second.id}/test`));
    expectLimited(await adas.send('POST', `/v1/webhook-deliveries/${queued[1]!.id}/resend`));
    const logged = [...(await adas.deliveries(first.id)), ...(await adas.deliveries(second.id))];
    expect(logged).toHaveLength(WEBHOOK_SENDS_PER_MINUTE);

    // Another account has its own budget.
    const bobsEndpoint = await bobs.addEndpoint({ url });
    const bobsTest = await bobs.sendTest(bobsEndpoint.id);
    await bobs.resend(bobsTest.id);

    // A new window brings a new budget.
    await advanceDays(app, 61 / (24 * 3600), ada);
    await adas.sendTest(first.id);
    await adas.resend(queued[1]!.id);
  });

  it('counts only what is queued: an unknown endpoint is 404, not a spent attempt', async () => {
    const carol = await signUp(app);
    const carols = webhookCalls(() => ({ app, account: carol }));
    const endpoint = await carols.addEndpoint({ url });
    for (let i = 0; i < WEBHOOK_SENDS_PER_MINUTE + 2; i += 1) {
      const res = await carols.send(
        'POST',
        `/v1/webhook-endpoints/00000000-0000-4000-8000-00000000000${i % 10}/test`,
      );
      expect(res.statusCode).toBe(404);
    }
    await carols.sendTest(endpoint.id);
  });
});
