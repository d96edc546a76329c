import { createPlatenClient, PlatenError, type PlatenSession } from '@platen/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type Account } from '../http.ts';
import { makePdf, pageCountOf } from '../pdf-fixtures.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';

/** The published client (its built package, as an integrator installs it) against a real server. */
describe('the @platen/client package', () => {
  let app: TestApp;
  let baseUrl: string;
  let ada: Account;
  let session: PlatenSession;

  beforeAll(async () => {
    app = await buildTestApp('sqlite');
    baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    ada = await signUp(app);
    session = await createPlatenClient({ baseUrl }).signIn(ada.email, ada.password);
  });
  afterAll(() => app.dispose());

  it('uploads a template, saves a field and generates a PDF with the API key', async () => {
    const uploaded = await session.uploadTemplate({
      name: 'Invoice',
      pdf: await makePdf({ pages: 2 }),
    });
    expect(uploaded.templateName).toBe('Invoice');
    const saved = await session.saveTemplate('Invoice', [
      {
        label: 'Customer',
        fieldType: 'text',
        page: 1,
        rectX: 50,
        rectY: 100,
        rectWidth: 200,
        rectHeight: 20,
      },
    ]);
    expect(saved.inputs.map((field) => field.label)).toEqual(['Customer']);

    const client = createPlatenClient({ baseUrl, apiKey: saved.apiKey });
    const document = await client.generate('Invoice', { Customer: 'Grace Hopper' });
    expect(await pageCountOf(document.pdf)).toBe(2);
    expect(document.fitReport.Customer).toEqual({ result: 'fitted', fontSize: 14 });
    expect(document.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(document.templateVersion).toBe('draft');

    const sample = await client.generate('Invoice', { Customer: 'Ada' }, { test: true });
    expect(await pageCountOf(sample.pdf)).toBe(2);
    const pinned = await client
      .generate('Invoice', {}, { version: 3 })
      .catch((error: unknown) => error);
    expect(pinned).toMatchObject({ status: 404, code: 'VERSION_NOT_FOUND' });
  });

  it('sends an idempotency key, so a repeated call answers the first PDF again', async () => {
    const { apiKey } = await session.getTemplate('Invoice');
    const client = createPlatenClient({ baseUrl, apiKey });
    const key = 'invoice-2026-0042';
    const first = await client.generate('Invoice', { Customer: 'Grace' }, { idempotencyKey: key });
    const again = await client.generate('Invoice', { Customer: 'Grace' }, { idempotencyKey: key });
    expect(first.isReplayed).toBe(false);
    expect(again.isReplayed).toBe(true);
    expect(Buffer.compare(again.pdf, first.pdf)).toBe(0);
    const reused = await client
      .generate('Invoice', { Customer: 'Ada' }, { idempotencyKey: key })
      .catch((error: unknown) => error);
    expect(reused).toMatchObject({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('throws the API refusal as a PlatenError with its code, status and request id', async () => {
    const { apiKey } = await session.getTemplate('Invoice');
    const client = createPlatenClient({ baseUrl, apiKey });
    const refusal = await client.generate('Nothing here', {}).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PlatenError);
    expect(refusal).toMatchObject({ status: 404, code: 'TEMPLATE_NOT_FOUND' });
    expect((refusal as PlatenError).requestId).toMatch(/^[0-9a-f-]{36}$/);

    const invalid = await session
      .saveTemplate('Invoice', [
        { label: '', fieldType: 'text', page: 1, rectX: 0, rectY: 0, rectWidth: 9, rectHeight: 9 },
      ])
      .catch((error: unknown) => error);
    expect(invalid).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect((invalid as PlatenError).fields.length).toBeGreaterThan(0);
  });

  it('refreshes an expired session once and goes on', async () => {
    app.clock.advanceMinutes(16);
    const [list, template] = await Promise.all([
      session.listTemplates(),
      session.getTemplate('Invoice'),
    ]);
    expect(list.templates.map((item) => item.templateName)).toEqual(['Invoice']);
    expect(template.templateName).toBe('Invoice');
  });

  it('tries a template out, renames and deletes it, and signs out', async () => {
    const sample = await session.tryout('Invoice');
    expect(await pageCountOf(sample.pdf)).toBe(2);
    await session.renameTemplate('Invoice', 'Receipt');
    await session.deleteTemplate('Receipt');
    expect((await session.listTemplates()).totalElements).toBe(0);
    await session.signOut();
  });

  it('says when the server cannot be reached', async () => {
    const client = createPlatenClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'pk_x' });
    await expect(client.generate('Invoice', {})).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });
});
