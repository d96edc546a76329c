import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TemplateInput, TemplateResponse } from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  corpusBuffer,
  corpusFile,
  hasSharedCorpus,
  type CorpusName,
} from '../../../test/corpus.ts';
import { call, signUp, type Account } from '../../../test/http.ts';
import { wordsOf } from '../../../test/pdf-words.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import { generate, saveFields, textField, uploadTemplate } from '../../../test/templates.ts';
import { hasQpdf } from '../../../../../test-fixtures/command-line-tools.ts';

/** The form's fields as `qpdf --json` counts them: one per full name, however many widgets. */
const qpdfFieldCount = (pdf: Buffer) => {
  const path = join(mkdtempSync(join(tmpdir(), 'platen-qpdf-')), 'form.pdf');
  writeFileSync(path, pdf);
  const r = spawnSync('qpdf', ['--json', '--json-key=acroform', path], { encoding: 'utf8' });
  const { acroform } = JSON.parse(r.stdout) as { acroform: { fields: { fullname: string }[] } };
  return new Set(acroform.fields.map((f) => f.fullname)).size;
};

type Box = { page: number; rectX: number; rectY: number; rectWidth: number; rectHeight: number };
/** The text poppler reads inside a box of a page, left to right (a comb prints one word a cell). */
const textIn = (pdf: Buffer, box: Box) =>
  wordsOf(pdf, box.page)
    .filter(
      (w) =>
        w.xMin >= box.rectX - 1 &&
        w.xMax <= box.rectX + box.rectWidth + 1 &&
        w.yMin >= box.rectY - 1 &&
        w.yMax <= box.rectY + box.rectHeight + 1,
    )
    .sort((a, b) => a.xMin - b.xMin)
    .map((w) => w.text)
    .join('');

describe.each(testDatabases())('a form field with several widgets on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let form: TemplateResponse;
  const field = (label: string): TemplateInput => {
    const found = form.inputs.find((f) => f.label === label);
    if (!found) throw new Error(`no "${label}" in ${form.inputs.map((f) => f.label).join(', ')}`);
    return found;
  };

  beforeAll(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app);
    const pdf = await corpusBuffer('form-header-field-every-page.pdf');
    const res = await uploadTemplate(app, ada, { name: 'Meldung', pdf });
    expect(res.statusCode, res.body).toBe(200);
    form = res.json<TemplateResponse>();
  });
  afterAll(() => app.dispose());

  it('is one field with all its boxes, and a checkbox group is one choice', () => {
    expect(form.inputs.map((f) => [f.label, f.type, f.boxes?.map((b) => b.page)])).toEqual([
      ['Versicherungsnummer', 'TEXT', [1, 2, 3]],
      ['Angaben bestätigt', 'CHECKBOX', [1, 3]],
      ['Geschlecht', 'CHOICE', undefined],
    ]);
    expect(field('Versicherungsnummer').boxes?.[1]).toMatchObject({ page: 2, fontSize: 9 });
    expect(field('Geschlecht').options?.map((o) => [o.value, o.label])).toEqual([
      ['männlich', 'männlich'],
      ['weiblich', 'weiblich'],
      ['ohne_Eintrag', 'ohne Eintrag'],
      ['divers', 'divers'],
    ]);
  });

  it('says in the payload schema that the value prints in every box', async () => {
    const res = await call(app, 'GET', '/v1/template/Meldung/schema', { token: ada.token });
    expect(res.statusCode, res.body).toBe(200);
    const { properties } = res.json<{ properties: Record<string, Record<string, unknown>> }>();
    expect(properties.Versicherungsnummer).toMatchObject({
      type: ['string', 'null'],
      maxLength: 12,
      description: 'A text field. Printed whole in each of its 3 boxes (pages 1, 2, 3).',
    });
    expect(properties.Geschlecht?.enum).toEqual([
      'männlich',
      'weiblich',
      'ohne_Eintrag',
      'divers',
      null,
    ]);
  });

  it('prints the value in every box, on every page', async () => {
    const res = await generate(app, form.apiKey, {
      templateName: 'Meldung',
      fields: { Versicherungsnummer: '65170839J003', Geschlecht: 'divers' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const boxes = field('Versicherungsnummer').boxes!;
    expect(boxes.map((box) => textIn(res.rawPayload, box))).toEqual(
      boxes.map(() => '65170839J003'),
    );
  });

  it('saves back unchanged, and refuses several boxes on a field that cannot repeat', async () => {
    const saved = await call(app, 'PUT', '/v1/template', { token: ada.token, body: form });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<TemplateResponse>().inputs).toEqual(form.inputs);
    const box = { page: 1, rectX: 50, rectY: 100, rectWidth: 200, rectHeight: 20 };
    const picture = textField('Photo', { fieldType: 'image', boxes: [box, { ...box, page: 2 }] });
    const refused = await saveFields(app, ada, 'Meldung', [picture]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'INVALID_FIELDS',
      message:
        'The field "Photo" has 2 boxes, but only text, long text, date, number, e-mail, checkbox and list-style choice fields print their value in several boxes.',
    });
  });

  it('takes a box for a field drawn in the editor, in its own size', async () => {
    const box = { page: 1, rectX: 50, rectY: 100, rectWidth: 200, rectHeight: 20 };
    const copies = [box, { ...box, page: 3, fontSize: 8, textAlign: 'right' as const }];
    const saved = await saveFields(app, ada, 'Meldung', [textField('Name', { boxes: copies })]);
    expect(saved.statusCode, saved.body).toBe(200);
    const [name] = saved.json<TemplateResponse>().inputs;
    expect(name?.boxes).toEqual([box, { ...box, page: 3, fontSize: 8, textAlign: 'right' }]);
    const res = await generate(app, saved.json<TemplateResponse>().apiKey, {
      templateName: 'Meldung',
      fields: { Name: 'Ada Lovelace' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(copies.map((copy) => textIn(res.rawPayload, copy))).toEqual([
      'AdaLovelace',
      'AdaLovelace',
    ]);
  });
});

/** Real forms never come in with more fields than they have (counted as qpdf counts them). */
describe.skipIf(!hasQpdf)('field counts of imported forms', () => {
  let app: TestApp;
  let ada: Account;
  beforeAll(async () => {
    app = await buildTestApp('sqlite', { maxUploadBytes: 8 * 1024 * 1024 });
    ada = await signUp(app);
  });
  afterAll(() => app.dispose());

  const ours: CorpusName[] = [
    'form-header-field-every-page.pdf',
    'irs-f1040-2010-prefilled.pdf',
    'irs-fw9.pdf',
    'form-signature-and-shared-field.pdf',
  ];
  const theirs = hasSharedCorpus
    ? [
        'acroform_160F-2019_with_js.pdf',
        'acroform_fancy_fields_acrobat.pdf',
        'acroform_all_field_types.pdf',
        'acroform_filled_by_acrobat_3p.pdf',
        'js_buttons.pdf',
      ]
    : [];
  const files = [
    ...ours.map((name) => ({ name, read: () => corpusBuffer(name) })),
    ...theirs.map((name) => ({ name, read: async () => corpusFile(`pdfs/${name}`) })),
  ];

  it.each(files)('$name: no more fields than the form has', async ({ name, read }) => {
    const pdf = await read();
    const res = await uploadTemplate(app, ada, { name, pdf });
    expect(res.statusCode, res.body).toBe(200);
    const { inputs, notImported } = res.json<TemplateResponse>();
    expect(inputs.length + (notImported?.length ?? 0)).toBeLessThanOrEqual(qpdfFieldCount(pdf));
  });
});
