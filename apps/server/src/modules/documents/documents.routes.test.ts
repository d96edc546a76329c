import { FIT_REPORT_HEADER, FIT_WARNINGS_HEADER } from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_IPV4_HOSTS } from '../../../test/address-spellings.ts';
import { call, errorBody, signUp, type Account } from '../../../test/http.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { makePdf, pageCountOf } from '../../../test/pdf-fixtures.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import {
  apiKeyOf,
  generate,
  saveFields,
  textField,
  uploadTemplate,
  usedThisCycle,
} from '../../../test/templates.ts';
import { capturedLog, makeVoucher, setDocumentsUsed, userIdOf } from '../../../test/billing.ts';

describe.each(testDatabases())('document generation on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let apiKey: string;

  beforeAll(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app);
    await uploadTemplate(app, ada, { name: 'Letter', pdf: await makePdf({ pages: 2 }) });
    await saveFields(app, ada, 'Letter', [
      textField('Name'),
      textField('Amount', { fieldType: 'number', rectY: 140 }),
      textField('Agree', { fieldType: 'checkbox', rectY: 180, rectWidth: 14, rectHeight: 14 }),
      textField('Logo', { fieldType: 'image', rectY: 220, rectWidth: 60, rectHeight: 60 }),
    ]);
    apiKey = await apiKeyOf(app, ada, 'Letter');
  });
  afterAll(() => app.dispose());

  it('generates a PDF with the API key, reports the fit, and counts one document', async () => {
    const before = await usedThisCycle(app, ada.email);
    const res = await generate(app, apiKey, {
      templateName: 'Letter',
      fields: { Name: 'Zażółć gęślą jaźń €', Amount: 12.5, Agree: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(await pageCountOf(res.rawPayload)).toBe(2);
    const report = JSON.parse(String(res.headers[FIT_REPORT_HEADER])) as Record<
      string,
      { result: string }
    >;
    expect(report.Name?.result).toBe('fitted');
    expect(res.headers[FIT_WARNINGS_HEADER]).toBeUndefined();
    expect(await usedThisCycle(app, ada.email)).toBe(before + 1);
  });

  it('accepts an image as a data: URI', async () => {
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAHUlEQVR4nGNQ6n72nxLMMGrA/9EweDYaBt3DIgwAaUmSH6Bn+N4AAAAASUVORK5CYII=';
    const res = await generate(app, apiKey, { templateName: 'Letter', fields: { Logo: png } });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('names every field whose value has the wrong type, and counts nothing', async () => {
    const before = await usedThisCycle(app, ada.email);
    const res = await generate(app, apiKey, {
      templateName: 'Letter',
      fields: { Name: { first: 'A' }, Agree: 'yes', Amount: '3' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INVALID_VALUES',
      message:
        'These fields have values of the wrong type: "Name" (expected text), "Agree" (expected true or false).',
    });
    expect(await usedThisCycle(app, ada.email)).toBe(before);
  });

  it.each([
    ['https://127.0.0.1/logo.png'],
    ['https://2130706433/logo.png'],
    ['https://0x7f.1/logo.png'],
    ['https://[::ffff:127.0.0.1]/logo.png'],
    ['https://169.254.169.254/latest/meta-data'],
    ['https://[fd00::1]/logo.png'],
    ['https://10.1.2.3/logo.png'],
    ['https://localhost/logo.png'],
    ['http://example.com/logo.png'],
    ['file:///etc/passwd'],
    ['data:text/html;base64,PHNjcmlwdD4='],
  ])('refuses the image URL %s', async (url) => {
    const res = await generate(app, apiKey, { templateName: 'Letter', fields: { Logo: url } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'IMAGE_NOT_ALLOWED' });
  });

  it.each(EMBEDDED_IPV4_HOSTS)(
    'refuses an image URL on %s, IPv6 carrying a private IPv4 address, before connecting',
    async (host) => {
      const url = `https://${host}/logo.png`;
      const res = await generate(app, apiKey, { templateName: 'Letter', fields: { Logo: url } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'IMAGE_NOT_ALLOWED',
        message: 'The image for "Logo" points to a private or local address, which is not allowed.',
      });
    },
  );

  it('answers 401 with one message for a missing, malformed or unknown key', async () => {
    const bodies = await Promise.all(
      [undefined, 'nonsense', `plt_${'A'.repeat(43)}`].map(async (key) => {
        const res = await generate(app, key, { templateName: 'Letter', fields: {} });
        expect(res.statusCode).toBe(401);
        return JSON.stringify(errorBody(res));
      }),
    );
    expect(new Set(bodies).size).toBe(1);
  });

  it('refuses a key in the query string', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/v1/document/generate/template?apiKey=${apiKey}`,
      headers: { 'content-type': 'application/json' },
      payload: { templateName: 'Letter', fields: {} },
    });
    expect(res.statusCode).toBe(400);
  });

  it("reaches only its own account's templates", async () => {
    const bob = await signUp(app);
    await uploadTemplate(app, bob, { name: 'Bobs', pdf: await makePdf() });
    const res = await generate(app, apiKey, { templateName: 'Bobs', fields: {} });
    expect(res.statusCode).toBe(404);
    const bobKey = await apiKeyOf(app, bob, 'Bobs');
    expect((await generate(app, bobKey, { templateName: 'Letter', fields: {} })).statusCode).toBe(
      404,
    );
  });

  it('answers 422 in strict mode when text cannot fit', async () => {
    const res = await generate(app, apiKey, {
      templateName: 'Letter',
      strict: true,
      fields: { Name: 'An extremely long name '.repeat(40) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'TEXT_DOES_NOT_FIT' });
  });

  it('reports characters no font can print, and answers 422 for them in strict mode', async () => {
    const name = 'Ra \u{13080} sun'; // an Egyptian hieroglyph: no font of the engine has it
    const lenient = await generate(app, apiKey, { templateName: 'Letter', fields: { Name: name } });
    expect(lenient.statusCode, lenient.body).toBe(200);
    const report = JSON.parse(String(lenient.headers[FIT_REPORT_HEADER])) as Record<
      string,
      { result: string; missingGlyphs?: string[]; missingCodePoints?: string[] }
    >;
    // Never "fitted": the document lacks a character, and a header says so without the JSON.
    expect(report.Name).toMatchObject({
      result: 'missing_glyphs',
      missingGlyphs: ['\u{13080}'],
      missingCodePoints: ['U+13080'],
    });
    expect(lenient.headers[FIT_WARNINGS_HEADER]).toBe('1');
    const strict = await generate(app, apiKey, {
      templateName: 'Letter',
      strict: true,
      fields: { Name: name },
    });
    expect(strict.statusCode).toBe(422);
    expect(strict.json()).toMatchObject({
      code: 'MISSING_GLYPHS',
      message: expect.stringContaining('"Name"') as unknown,
    });
  });

  it('makes a SAMPLE tryout from the example payload without counting it', async () => {
    const before = await usedThisCycle(app, ada.email);
    const res = await call(app, 'POST', '/v1/document/tryout/template', {
      token: ada.token,
      body: { templateName: 'Letter' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(await usedThisCycle(app, ada.email)).toBe(before);
  });

  it('counts exactly 50 of 50 parallel generations', async () => {
    const before = await usedThisCycle(app, ada.email);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        generate(app, apiKey, { templateName: 'Letter', fields: { Name: 'x' } }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await usedThisCycle(app, ada.email)).toBe(before + 50);
  });

  it('refuses the 101st FREE document with 402 and counts nothing', async () => {
    await setDocumentsUsed(app, await userIdOf(app, ada.email), 99);
    expect((await generate(app, apiKey, { templateName: 'Letter', fields: {} })).statusCode).toBe(
      200,
    );
    const res = await generate(app, apiKey, { templateName: 'Letter', fields: {} });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      message:
        'You have used all 100 documents of your FREE plan this month. Upgrade your plan to generate more.',
    });
    expect(await usedThisCycle(app, ada.email)).toBe(100);
  });

  it('lets exactly 5 of 20 parallel calls through at 95 of 100', async () => {
    await setDocumentsUsed(app, await userIdOf(app, ada.email), 95);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        generate(app, apiKey, { templateName: 'Letter', fields: {} }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 402)).toHaveLength(15);
    expect(await usedThisCycle(app, ada.email)).toBe(100);
  });

  it('fills the new PDF right after the template was replaced', async () => {
    await setDocumentsUsed(app, await userIdOf(app, ada.email), 0);
    const before = await generate(app, apiKey, { templateName: 'Letter', fields: {} });
    expect(await pageCountOf(before.rawPayload)).toBe(2);
    const { payload, headers } = multipartBody([
      {
        name: 'file',
        filename: 'one.pdf',
        type: 'application/pdf',
        data: await makePdf({ pages: 3 }),
      },
    ]);
    const replaced = await call(app, 'POST', '/v1/template/Letter/update/pdf', {
      token: ada.token,
      headers,
      body: payload,
    });
    expect(replaced.statusCode).toBe(200);
    const after = await generate(app, apiKey, { templateName: 'Letter', fields: {} });
    expect(await pageCountOf(after.rawPayload)).toBe(3);
  });

  it('starts counting again when the billing cycle rolls over', async () => {
    await setDocumentsUsed(app, await userIdOf(app, ada.email), 100);
    app.clock.advanceMinutes(32 * 24 * 60);
    const res = await generate(app, apiKey, { templateName: 'Letter', fields: {} });
    expect(res.statusCode).toBe(200);
    expect(await usedThisCycle(app, ada.email)).toBe(1);
  });
});

describe.each(testDatabases())('a plan ending under a generate call on %s', (database) => {
  it('is logged as billing.plan_expired when a generate call is the first to see its end', async () => {
    const logged = capturedLog();
    const app = await buildTestApp(database, {}, { log: logged.log });
    try {
      const bob = await signUp(app, { email: 'bob@example.com' });
      await uploadTemplate(app, bob, { name: 'Note', pdf: await makePdf() });
      await saveFields(app, bob, 'Note', [textField('Name')]);
      const key = await apiKeyOf(app, bob, 'Note');
      const code = await makeVoucher(app, { plan: 'STARTER', days: 5 });
      const redeemed = await call(app, 'POST', '/v1/subscription/voucher', {
        token: bob.token,
        body: { code },
      });
      expect(redeemed.statusCode, redeemed.body).toBe(200);
      app.clock.advanceMinutes(6 * 24 * 60);
      const res = await generate(app, key, { templateName: 'Note', fields: { Name: 'Bob' } });
      expect(res.statusCode, res.body).toBe(200);
      expect(logged.events().filter((e) => e.event === 'billing.plan_expired')).toEqual([
        expect.objectContaining({ planId: 'starter', voucher: true }),
      ]);
      expect(logged.text()).not.toContain(code);
    } finally {
      await app.dispose();
    }
  });
});
