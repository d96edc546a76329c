import type { ErrorResponse } from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, type Account } from '../../../test/http.ts';
import { makePdf } from '../../../test/pdf-fixtures.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import { generate, getTemplate, saveFields, textField } from '../../../test/templates.ts';
import { templatePath, versionCalls } from '../../../test/versions.ts';

const signature = textField('Signature', {
  fieldType: 'image',
  rectY: 400,
  rectWidth: 200,
  rectHeight: 60,
  signature: true,
});

describe.each(testDatabases())('signature fields on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let pdf: Buffer;
  const { create, save } = versionCalls(() => ({ app, owner: ada, pdf }));

  beforeAll(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app);
    pdf = await makePdf();
    await create('Contract');
    await save('Contract', [textField('Name'), signature]);
  });
  afterAll(() => app.dispose());

  it('keeps the mark, and says in the payload schema that the picture is a signature', async () => {
    const template = await getTemplate(app, ada, 'Contract');
    expect(template.inputs[1]).toMatchObject({ type: 'IMAGE', signature: true });
    const res = await call(app, 'GET', templatePath('Contract', '/schema?version=draft'), {
      token: ada.token,
    });
    const { properties } = res.json<{ properties: Record<string, Record<string, unknown>> }>();
    expect(properties.Signature).toMatchObject({
      type: ['string', 'null'],
      pattern: '^(data:|https://|$)',
    });
    expect(properties.Signature!.description).toContain('A signature: a data: URI');
  });

  it('takes the same picture values as any image field', async () => {
    const { apiKey, api } = await getTemplate(app, ada, 'Contract');
    const res = await generate(app, apiKey, { templateName: 'Contract', fields: api.fields });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    const refused = await generate(app, apiKey, {
      templateName: 'Contract',
      fields: { Signature: 'ftp://example.com/ink.png' },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('refuses a signature on a field that is not an image', async () => {
    const res = await saveFields(app, ada, 'Contract', [textField('Name', { signature: true })]);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>()).toMatchObject({
      code: 'INVALID_FIELDS',
      message: 'The field "Name" is a text field: only image fields take a signature.',
    });
  });
});
