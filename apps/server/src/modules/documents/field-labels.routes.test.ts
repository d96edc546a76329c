import { PDFDocument } from '@cantoo/pdf-lib';
import { FIT_REPORT_HEADER, templateMessages } from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, type Account } from '../../../test/http.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  apiKeyOf,
  generate,
  getTemplate,
  saveFields,
  textField,
  uploadTemplate,
} from '../../../test/templates.ts';

/** Names every object inherits from Object.prototype. */
const INHERITED = ['constructor', 'toString', 'hasOwnProperty'];

/** A PDF whose form has a text field for each name, one under the other. */
const pdfWithFormFields = async (names: string[]) => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595.28, 841.89]);
  const form = doc.getForm();
  names.forEach((name, i) => {
    form.createTextField(name).addToPage(page, { x: 50, y: 700 - i * 40, width: 200, height: 20 });
  });
  return Buffer.from(await doc.save());
};

const fitReportOf = (res: { headers: Record<string, unknown> }) =>
  Object.keys(JSON.parse(String(res.headers[FIT_REPORT_HEADER])) as object).sort();

describe('fields labelled like an object’s prototype keys', () => {
  let app: TestApp;
  let ada: Account;
  let apiKey: string;

  beforeAll(async () => {
    app = await buildTestApp('sqlite');
    ada = await signUp(app);
    // Imported from the PDF's own form: "__proto__" can only arrive this way (see below).
    const pdf = await pdfWithFormFields([...INHERITED, '__proto__']);
    const uploaded = await uploadTemplate(app, ada, { name: 'Proto', pdf });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect((await getTemplate(app, ada, 'Proto')).inputs.map((f) => f.label).sort()).toEqual(
      [...INHERITED, '__proto__'].sort(),
    );
    apiKey = await apiKeyOf(app, ada, 'Proto');
  });
  afterAll(() => app.dispose());

  it('leaves them empty when the call leaves them out', async () => {
    const res = await generate(app, apiKey, { templateName: 'Proto', fields: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(fitReportOf(res)).toEqual([]);
  });

  it('fills them when the call gives them, and reports each', async () => {
    const fields = Object.fromEntries(INHERITED.map((label) => [label, `${label} value`]));
    const res = await generate(app, apiKey, { templateName: 'Proto', fields });
    expect(res.statusCode, res.body).toBe(200);
    expect(fitReportOf(res)).toEqual([...INHERITED].sort());
  });

  it('names such a field when its value has the wrong type', async () => {
    const res = await generate(app, apiKey, { templateName: 'Proto', fields: { toString: 5 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_VALUES' });
    expect(res.json<{ message: string }>().message).toBe(
      'These fields have values of the wrong type: "toString" (expected text).',
    );
  });

  it('fills every one of them, "__proto__" too, in the tryout', async () => {
    const res = await call(app, 'POST', '/v1/document/tryout/template', {
      token: ada.token,
      body: { templateName: 'Proto' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(fitReportOf(res)).toEqual([...INHERITED, '__proto__'].sort());
  });

  it('refuses "__proto__" as a label in the editor: no JSON request could give it a value', async () => {
    const saved = await saveFields(app, ada, 'Proto', [textField('__proto__')]);
    expect(saved.statusCode).toBe(400);
    expect(saved.body).toContain(JSON.stringify(templateMessages.labelProto).slice(1, -1));
    const given = await generate(app, apiKey, {
      templateName: 'Proto',
      fields: JSON.parse('{"__proto__": "x"}') as object,
    });
    expect(given.statusCode).toBe(400);
  });
});
