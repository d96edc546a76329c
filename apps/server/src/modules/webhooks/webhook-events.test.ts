import { webhookEventData, type WebhookEvent } from '@platen/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, signUp, type Account } from '../../../test/http.ts';
import { createBatch, waitForJob } from '../../../test/jobs.ts';
import { makePdf } from '../../../test/pdf-fixtures.ts';
import { buildTestApp, testConfig, testDatabases, type TestApp } from '../../../test/test-app.ts';
import { confirmEmail, makeVoucher, setDocumentsUsed, userIdOf } from '../../../test/billing.ts';
import {
  apiKeyOf,
  generate,
  saveFields,
  textField,
  uploadTemplate,
} from '../../../test/templates.ts';
import { startReceiver, type Receiver } from '../../../test/webhook-receiver.ts';
import { webhookCalls } from '../../../test/webhooks.ts';

describe.each(testDatabases())('webhook events on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let apiKey: string;
  let receiver: Receiver;

  beforeAll(async () => {
    app = await buildTestApp(database, {
      webhooks: { ...testConfig().webhooks, allowPrivateUrls: true },
    });
    receiver = await startReceiver();
  });
  beforeEach(async () => {
    // A fresh account per test: its endpoints see only its own events.
    ada = await signUp(app);
    expect(
      (await uploadTemplate(app, ada, { name: 'Invoice', pdf: await makePdf() })).statusCode,
    ).toBe(200);
    await saveFields(app, ada, 'Invoice', [textField('Name')]);
    apiKey = await apiKeyOf(app, ada, 'Invoice');
    receiver.received.length = 0;
  });
  afterEach(() => {
    // Every event sent is exactly as the API document's `webhooks` describes it, nothing more.
    for (const { type, data } of events()) {
      const documented = webhookEventData[type as keyof typeof webhookEventData];
      expect(documented?.strict().safeParse(data).error, type).toBeUndefined();
    }
  });
  afterAll(async () => {
    await receiver.close();
    await app.dispose();
  });

  const { addEndpoint, updateEndpoint, deliver } = webhookCalls(() => ({ app, account: ada }));
  const events = () => receiver.received.map((r) => JSON.parse(r.body) as WebhookEvent);

  it('reports a finished job with its ids, counts and metadata, never its items', async () => {
    await addEndpoint({ url: receiver.url, events: ['job.succeeded', 'job.failed'] });
    const created = await createBatch(app, apiKey, {
      templateName: 'Invoice',
      items: [{ Name: 'Ada' }, { Name: 'Grace' }],
      metadata: { orderId: 'A-17' },
    });
    expect(created.statusCode, created.body).toBe(202);
    const job = await waitForJob(app, apiKey, created.json<{ id: string }>().id);
    await deliver();
    expect(events().map((e) => e.id)).toEqual([expect.stringMatching(/^evt_[0-9a-f]{32}$/)]);
    expect(events()).toMatchObject([
      {
        type: 'job.succeeded',
        created: job.finishedAt,
        data: {
          jobId: job.id,
          status: 'succeeded',
          templateId: job.templateId,
          templateName: 'Invoice',
          version: 'draft',
          progress: { done: 2, total: 2, failed: 0 },
          metadata: { orderId: 'A-17' },
        },
      },
    ]);
    expect(receiver.received[0]?.body).not.toContain('Grace');
  });

  it('reports a publish, and only to endpoints that asked for it', async () => {
    await addEndpoint({ url: `${receiver.url}?wants=jobs`, events: ['job.succeeded'] });
    await addEndpoint({ url: `${receiver.url}?wants=publish`, events: ['template.published'] });
    const res = await call(app, 'POST', '/v1/template/Invoice/publish', {
      token: ada.token,
      body: { note: 'First' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await deliver();
    expect(receiver.received.map((r) => r.path)).toEqual(['/hooks?wants=publish']);
    expect(events()[0]).toMatchObject({
      type: 'template.published',
      data: { templateName: 'Invoice', version: 1, note: 'First' },
    });
  });

  it('reports a subscription change: a voucher starts a plan', async () => {
    await confirmEmail(app, ada.email);
    await addEndpoint({ url: receiver.url, events: ['subscription.updated'] });
    const res = await call(app, 'POST', '/v1/subscription/voucher', {
      token: ada.token,
      body: { code: await makeVoucher(app, { plan: 'PRO', days: 30 }) },
    });
    expect(res.statusCode, res.body).toBe(200);
    await deliver();
    expect(events()).toMatchObject([
      { type: 'subscription.updated', data: { change: 'voucher_started', planId: 'pro' } },
    ]);
  });

  it('reports 80 % and 100 % of the plan once each, on the document that crosses them', async () => {
    await addEndpoint({ url: receiver.url, events: ['usage.limit_near', 'usage.limit_reached'] });
    const userId = await userIdOf(app, ada.email);
    const { limit } = await app.deps.db
      .selectFrom('subscriptions')
      .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
      .select('plans.monthly_limit as limit')
      .where('subscriptions.user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const generateOne = async () => {
      const res = await generate(app, apiKey, { templateName: 'Invoice', fields: {} });
      expect(res.statusCode, res.body).toBe(200);
    };
    const near = Math.ceil(Number(limit) * 0.8);
    await setDocumentsUsed(app, userId, near - 2);
    for (let i = 0; i < 3; i += 1) await generateOne();
    await setDocumentsUsed(app, userId, Number(limit) - 1);
    await generateOne();
    await deliver();
    // One pass sends in parallel: the receiver may get them in any order.
    const crossings = events().map((e) => [e.type, Number(e.data.used)] as const);
    expect(crossings.sort((a, b) => a[1] - b[1])).toEqual([
      ['usage.limit_near', near],
      ['usage.limit_reached', Number(limit)],
    ]);
  });

  it('reports each share once when documents generated together cross it', async () => {
    await addEndpoint({ url: receiver.url, events: ['usage.limit_near', 'usage.limit_reached'] });
    const userId = await userIdOf(app, ada.email);
    await setDocumentsUsed(app, userId, 75);
    // FREE allows 100: the generates in flight together share count statements (billing).
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        generate(app, apiKey, { templateName: 'Invoice', fields: {} }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([
      ...Array<number>(25).fill(200),
      ...Array<number>(5).fill(402),
    ]);
    await deliver();
    const crossings = events().map((e) => [e.type, Number(e.data.used)] as const);
    expect(crossings.sort((a, b) => a[1] - b[1])).toEqual([
      ['usage.limit_near', 80],
      ['usage.limit_reached', 100],
    ]);
  });

  it('gives a disabled endpoint nothing, not even later', async () => {
    const endpoint = await addEndpoint({ url: receiver.url, events: ['template.published'] });
    await updateEndpoint(endpoint.id, { enabled: false });
    await call(app, 'POST', '/v1/template/Invoice/publish', { token: ada.token, body: {} });
    await deliver();
    await updateEndpoint(endpoint.id, { enabled: true });
    expect(await deliver()).toBe(0);
    expect(receiver.received).toEqual([]);
  });
});
