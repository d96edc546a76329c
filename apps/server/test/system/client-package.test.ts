import {
  createPlatenClient,
  PlatenError,
  verifyWebhookSignature,
  type PlatenClient,
  type PlatenSession,
} from '@platen/client';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDue } from '../../src/modules/webhooks/index.ts';
import { signUp, type Account } from '../http.ts';
import { makePdf, pageCountOf } from '../pdf-fixtures.ts';
import { buildTestApp, testConfig, type TestApp } from '../test-app.ts';
import { startReceiver, type Receiver } from '../webhook-receiver.ts';

const customer = {
  label: 'Customer',
  fieldType: 'text',
  page: 1,
  rectX: 50,
  rectY: 100,
  rectWidth: 200,
  rectHeight: 20,
} as const;

const bytesOf = async (stream: ReadableStream<Uint8Array>) =>
  new Uint8Array(await new Response(stream).arrayBuffer());

/**
 * The published client (its built package, as an integrator installs it) against a listening
 * server: a person signs in once for the key, then a backend does everything with the key.
 */
describe('the @platen/client package', () => {
  let app: TestApp;
  let baseUrl: string;
  let ada: Account;
  let session: PlatenSession;
  let platen: PlatenClient;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    app = await buildTestApp('sqlite', {
      webhooks: { ...testConfig().webhooks, allowPrivateUrls: true },
    });
    baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    ada = await signUp(app);
    session = await createPlatenClient({ baseUrl }).signIn(ada.email, ada.password);
    const first = await session.templates.upload({ name: 'Letter', pdf: await makePdf() });
    platen = createPlatenClient({ baseUrl, apiKey: first.apiKey });
  });
  afterAll(async () => {
    await app.dispose();
    await receiver.close();
  });

  it('uploads, saves, publishes and reads a template with the API key alone', async () => {
    const uploaded = await platen.templates.upload({
      name: 'Invoice',
      pdf: await makePdf({ pages: 2 }),
    });
    expect(uploaded.templateName).toBe('Invoice');
    const saved = await platen.templates.save('Invoice', [customer]);
    expect(saved.inputs.map((field) => field.label)).toEqual(['Customer']);

    const published = await platen.templates.publish('Invoice', { note: 'First' });
    expect(published).toMatchObject({ version: 1, note: 'First', fieldCount: 1 });
    expect(await platen.templates.listVersions('Invoice')).toHaveLength(1);
    const version = await platen.templates.getVersion('Invoice', 1);
    expect(version.inputs.map((field) => field.label)).toEqual(['Customer']);
    expect(await pageCountOf(await platen.templates.downloadVersionPdf('Invoice', 1))).toBe(2);
    expect(await pageCountOf(await platen.templates.downloadPdf('Invoice'))).toBe(2);
    const schema = await platen.templates.schema('Invoice', 1);
    expect(schema).toMatchObject({ properties: { Customer: { type: ['string', 'null'] } } });

    const list = await platen.templates.list();
    expect(list.templates.map((item) => item.templateName).sort()).toEqual(['Invoice', 'Letter']);
  });

  it('generates a PDF with its fit report, pinned to a version or in test mode', async () => {
    const document = await platen.generate('Invoice', { Customer: 'Grace Hopper' });
    expect(await pageCountOf(document.pdf)).toBe(2);
    expect(document.fitReport.Customer).toEqual({ result: 'fitted', fontSize: 14 });
    expect(document.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(document.templateVersion).toBe(1);

    const sample = await platen.generate('Invoice', { Customer: 'Ada' }, { test: true });
    expect(await pageCountOf(sample.pdf)).toBe(2);
    const pinned = await platen.generate('Invoice', {}, { version: 3 }).catch((e: unknown) => e);
    expect(pinned).toMatchObject({ status: 404, code: 'VERSION_NOT_FOUND' });
  });

  it('sends an idempotency key, so a repeated call answers the first PDF again', async () => {
    const key = 'invoice-2026-0042';
    const first = await platen.generate('Invoice', { Customer: 'Grace' }, { idempotencyKey: key });
    const again = await platen.generate('Invoice', { Customer: 'Grace' }, { idempotencyKey: key });
    expect(first.isReplayed).toBe(false);
    expect(again.isReplayed).toBe(true);
    expect(Buffer.compare(again.pdf, first.pdf)).toBe(0);
    const reused = await platen
      .generate('Invoice', { Customer: 'Ada' }, { idempotencyKey: key })
      .catch((error: unknown) => error);
    expect(reused).toMatchObject({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('runs a batch, waits for its job, streams its results and verifies the webhook', async () => {
    const endpoint = await platen.webhooks.create({
      url: receiver.url,
      events: ['job.succeeded'],
    });
    expect(endpoint.secret).toMatch(/\S{20,}/);
    expect((await platen.webhooks.list()).map((each) => each.id)).toEqual([endpoint.id]);

    const job = await platen.jobs.createBatch({
      templateName: 'Invoice',
      items: [{ Customer: 'Ada' }, { Customer: 'Grace' }, { Customer: 'Hedy' }],
      output: 'both',
      fileName: 'invoice-{Customer}.pdf',
    });
    const seen: number[] = [];
    const ended = await platen.jobs.waitForJob(job.id, {
      intervalMs: 20,
      onProgress: (each) => seen.push(each.progress.done),
    });
    expect(ended).toMatchObject({ status: 'succeeded', progress: { done: 3, failed: 0 } });
    expect(seen.at(-1)).toBe(3);

    const zip = unzipSync(await bytesOf(await platen.jobs.downloadResult(job.id, 'zip')));
    expect(Object.keys(zip).sort()).toEqual([
      'invoice-Ada.pdf',
      'invoice-Grace.pdf',
      'invoice-Hedy.pdf',
    ]);
    const merged = await bytesOf(await platen.jobs.downloadResult(job.id, 'merged'));
    expect(await pageCountOf(merged)).toBe(6);
    expect((await platen.jobs.list()).jobs.map((each) => each.id)).toContain(job.id);

    await deliverDue(app.deps);
    const delivery = receiver.received.find((each) => each.body.includes(job.id));
    expect(delivery).toBeDefined();
    const header = String(delivery!.headers['platen-signature']);
    const now = app.clock.now();
    expect(await verifyWebhookSignature(delivery!.body, header, endpoint.secret, { now })).toBe(
      true,
    );
    const tampered = delivery!.body.replace('succeeded', 'failed');
    expect(await verifyWebhookSignature(tampered, header, endpoint.secret, { now })).toBe(false);
    expect(await verifyWebhookSignature(delivery!.body, header, 'whsec_other', { now })).toBe(
      false,
    );
    const late = new Date(now.getTime() + 301_000);
    expect(
      await verifyWebhookSignature(delivery!.body, header, endpoint.secret, { now: late }),
    ).toBe(false);
    const [latest] = await platen.webhooks.deliveries(endpoint.id);
    expect(latest).toMatchObject({ status: 'succeeded', statusCode: 200 });
    await platen.webhooks.delete(endpoint.id);
  });

  it('throws the API refusal as a PlatenError with its code, status and request id', async () => {
    const refusal = await platen.generate('Nothing here', {}).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PlatenError);
    expect(refusal).toMatchObject({ status: 404, code: 'TEMPLATE_NOT_FOUND' });
    expect((refusal as PlatenError).requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect((refusal as PlatenError).problem).toEqual({
      type: 'https://platen.example/docs/errors#TEMPLATE_NOT_FOUND',
      title: 'Template not found',
      instance: `urn:uuid:${(refusal as PlatenError).requestId}`,
    });

    const invalid = await platen.templates
      .save('Invoice', [{ ...customer, label: '', rectWidth: 9, rectHeight: 9 }])
      .catch((error: unknown) => error);
    expect(invalid).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect((invalid as PlatenError).fields.length).toBeGreaterThan(0);
  });

  it("refreshes a person's expired session once and goes on", async () => {
    app.clock.advanceMinutes(16);
    const [list, template] = await Promise.all([
      session.templates.list(),
      session.templates.get('Invoice'),
    ]);
    expect(list.templates.map((item) => item.templateName)).toContain('Invoice');
    expect(template.templateName).toBe('Invoice');
  });

  it('tries a template out, renames and deletes it, and signs out', async () => {
    const sample = await session.tryout('Invoice');
    expect(await pageCountOf(sample.pdf)).toBe(2);
    await platen.templates.rename('Invoice', 'Receipt');
    await platen.templates.delete('Receipt');
    expect((await platen.templates.list()).total).toBe(1);
    await session.signOut();
  });

  it('says when the server cannot be reached, and when the key is missing', async () => {
    const client = createPlatenClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'pk_x' });
    await expect(client.generate('Invoice', {})).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    const keyless = createPlatenClient({ baseUrl });
    await expect(keyless.templates.list()).rejects.toMatchObject({ code: 'API_KEY_MISSING' });
  });
});
