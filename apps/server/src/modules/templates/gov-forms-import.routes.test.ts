import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { templateMessages, type TemplateInput, type TemplateResponse } from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusBuffer, type CorpusName } from '../../../test/corpus.ts';
import { call, signUp, type Account } from '../../../test/http.ts';
import { wordsOf } from '../../../test/pdf-words.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import { generate, uploadTemplate } from '../../../test/templates.ts';
import { hasPoppler, hasQpdf } from '../../../../../test-fixtures/command-line-tools.ts';

/**
 * Import on real government forms (test-fixtures/gov-forms/, sources in its README): what the
 * form holds comes through whole. The table of packages/pdf-engine/README.md "Import on real
 * forms" is made by bench/import/gov-forms.ts from the same files.
 */
const hasTools = hasQpdf && hasPoppler;

const FORMS: CorpusName[] = [
  'irs-f1040-2013.pdf',
  'irs-f1040ez-2013.pdf',
  'irs-f1040a-2013.pdf',
  'irs-f4868-2013.pdf',
  'irs-fw2-2013.pdf',
  'irs-f1099r-2013.pdf',
  'irs-f941sb.pdf',
  'ssa-ss5-2011-encrypted.pdf',
  'va-760-2013.pdf',
  'nd-1-2013.pdf',
  'sc-1040-2013.pdf',
  'dc-d40-2013.pdf',
  'de-200-01-2013.pdf',
  'or-40-2013.pdf',
  'or-10-2013.pdf',
  'or-40-2021.pdf',
  'mo-dss-food-stamp-application-encrypted.pdf',
  'irs-fw9.pdf',
  'irs-f1040-2010-prefilled.pdf',
];

/** The form's fields as `qpdf --json` counts them: one per full name, however many widgets. */
const qpdfFieldCount = (pdf: Buffer) => {
  const path = join(mkdtempSync(join(tmpdir(), 'platen-qpdf-')), 'form.pdf');
  writeFileSync(path, pdf);
  const r = spawnSync('qpdf', ['--json', '--json-key=acroform', path], { encoding: 'utf8' });
  const { acroform } = JSON.parse(r.stdout) as { acroform: { fields: { fullname: string }[] } };
  return new Set(acroform.fields.map((f) => f.fullname)).size;
};

type Box = { page: number; rectX: number; rectY: number; rectWidth: number; rectHeight: number };
/** The text poppler reads inside a box, left to right (a comb prints one word a cell). */
const textIn = (words: ReturnType<typeof wordsOf>, box: Box) =>
  words
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

const TEXT_TYPES = new Set(['TEXT', 'LONG_TEXT']);

describe.skipIf(!hasTools).each(testDatabases())('real government forms on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  const forms = new Map<CorpusName, TemplateResponse>();
  const pdfs = new Map<CorpusName, Buffer>();
  const form = (name: CorpusName) => forms.get(name)!;
  const field = (name: CorpusName, label: string): TemplateInput => {
    const found = form(name).inputs.find((f) => f.label === label);
    if (!found) throw new Error(`no "${label}" in ${name}`);
    return found;
  };
  const fill = async (name: CorpusName, fields: Record<string, unknown>) => {
    const res = await generate(app, form(name).apiKey, { templateName: name, fields });
    expect(res.statusCode, res.body).toBe(200);
    return res.rawPayload;
  };

  beforeAll(async () => {
    app = await buildTestApp(database, { maxUploadBytes: 4 * 1024 * 1024 });
    ada = await signUp(app);
    for (const name of FORMS) {
      const pdf = await corpusBuffer(name);
      const res = await uploadTemplate(app, ada, { name, pdf });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      forms.set(name, res.json<TemplateResponse>());
      pdfs.set(name, pdf);
    }
  }, 120_000);
  afterAll(() => app.dispose());

  it('never yield more fields than the form has, counted as qpdf counts them', () => {
    const counts = FORMS.map((name) => {
      const { inputs, notImported } = form(name);
      return [name, inputs.length + (notImported?.length ?? 0) <= qpdfFieldCount(pdfs.get(name)!)];
    });
    expect(counts).toEqual(FORMS.map((name) => [name, true]));
  });

  // Every text field of the form gets a value of its own; poppler must read it in each box.
  it('a text field with several widgets is one field with all of them as its boxes', () => {
    const repeated = form('or-10-2013.pdf').inputs.filter((f) => (f.boxes?.length ?? 0) > 1);
    expect(repeated.map((f) => [f.label, f.type, f.boxes?.length])).toEqual([
      ['3. Add lines 1 and 2', 'TEXT', 3],
      ['Multiply line 11 by line 12', 'TEXT', 2],
      ['24. Multiply line 22 by line 23', 'TEXT', 2],
    ]);
  });

  it('a header on every page is one field with a box on each, named by the words above the first', () => {
    const repeated = form('or-40-2021.pdf').inputs.filter((f) => (f.boxes?.length ?? 0) > 1);
    const pages = (f: TemplateInput) =>
      [...new Set(f.boxes?.map((b) => b.page))].sort((a, b) => a - b);
    expect(repeated.map((f) => [f.label, f.type, pages(f)])).toEqual([
      ['Last name', 'TEXT', [1, 2, 3, 4, 5, 6, 7, 8]],
      ['Social Security number (SSN)', 'TEXT', [1, 2, 3, 4, 5, 6, 7, 8]],
    ]);
  });

  it.each([
    'irs-f1040ez-2013.pdf',
    'va-760-2013.pdf',
    'nd-1-2013.pdf',
    'or-10-2013.pdf',
    'or-40-2021.pdf',
  ] as CorpusName[])(
    '%s: every text field prints its value in every one of its boxes',
    async (name) => {
      const texts = form(name).inputs.filter((f) => TEXT_TYPES.has(f.type) && !f.fixed);
      const values = Object.fromEntries(
        texts.map((f, i) => [f.label, `${i + 10}`.slice(0, f.maxLength ?? 3)]),
      );
      const pdf = await fill(name, values);
      const pages = new Map<number, ReturnType<typeof wordsOf>>();
      const wordsOn = (page: number) => {
        if (!pages.has(page)) pages.set(page, wordsOf(pdf, page));
        return pages.get(page)!;
      };
      // Date and money boxes print their own dashes and commas between the cells: left out.
      const valueIn = (box: Box) => textIn(wordsOn(box.page), box).replace(/[^\p{L}\p{N}]/gu, '');
      const missing = texts.flatMap((f) =>
        (f.boxes ?? [f]).flatMap((box) =>
          valueIn(box).includes(values[f.label]!)
            ? []
            : [`${f.label} (page ${box.page}): "${valueIn(box)}"`],
        ),
      );
      expect(texts.length).toBeGreaterThan(40);
      expect(missing).toEqual([]);
    },
  );

  it('checkbox widgets of one field with named on-states are one choice', async () => {
    const name = 'mo-dss-food-stamp-application-encrypted.pdf';
    const groups = form(name).inputs.filter((f) => f.type === 'CHOICE' && f.options?.[0]?.box);
    expect(groups).toHaveLength(31);
    expect(
      field(name, 'CHK_PHONE TYPE').options?.map((o) => [o.value, o.label, o.box?.page]),
    ).toEqual([
      ['C', 'Cell', 1],
      ['H', 'Home', 1],
      ['W', 'Work', 1],
      ['O', 'Other', 1],
    ]);
    const res = await call(app, 'GET', `/v1/template/${encodeURIComponent(name)}/schema`, {
      token: ada.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { properties } = res.json<{ properties: Record<string, { enum?: unknown[] }> }>();
    expect(properties['CHK_PHONE TYPE']?.enum).toEqual(['C', 'H', 'W', 'O', null]);
    expect(
      field('irs-f1040-2013.pdf', 'Checkboxes. Filing Status').options?.map((o) => o.value),
    ).toEqual(['FS1', 'FS4', 'FS2', 'FS3', 'FS5']);
  });

  it('names coded options by the words beside their boxes, on whichever side the form prints them', () => {
    const labels = (name: CorpusName, label: string) =>
      field(name, label).options?.map((o) => [o.value, o.label]);
    // Virginia prints "Checking ☐ Savings ☐": the words to the right would name ACCTC "Savings".
    expect(labels('va-760-2013.pdf', 'Checkboxes. Checking or Savings')).toEqual([
      ['ACCTC', 'Checking'],
      ['ACCTS', 'Savings'],
    ]);
    expect(labels('irs-f1040-2013.pdf', 'Account type')).toEqual([
      ['ACCS', 'Savings'],
      ['ACCC', 'Checking'],
    ]);
    // The SS-5's tooltips: the question before the first answer, a wrapped line after the third.
    expect(
      labels('ssa-ss5-2011-encrypted.pdf', '5. Citizenship (check one). U.S. Citizen'),
    ).toEqual([
      ['us citizen', 'U.S. Citizen'],
      ['legal alien allowed to work', 'Legal Alien Allowed To Work'],
      [
        'legal alien not allowed to work',
        'Legal Alien Not Allowed To Work(See Instructions On Page 3)',
      ],
      ['Other', 'Other (See Instructions On Page 3)'],
    ]);
    expect(labels('ssa-ss5-2011-encrypted.pdf', '8. Sex. Male')).toEqual([
      ['male', 'Male'],
      ['Female', 'Female'],
    ]);
  });

  it('read-only values the form prints stay printed, and are not part of the payload', async () => {
    const printed = {
      'va-760-2013.pdf': ['Virginia Approved Form for Filing', 'SELF-PREPARED'],
      'irs-f1040ez-2013.pdf': ['Self-prepared', 'Not for use by paid preparers'],
      'sc-1040-2013.pdf': ['SELF PREPARED'],
    } as const;
    for (const [name, values] of Object.entries(printed) as [CorpusName, readonly string[]][]) {
      const fixed = form(name).inputs.filter((f) => f.fixed);
      expect(fixed.map((f) => f.default)).toEqual(expect.arrayContaining([...values]));
      expect(Object.keys(form(name).api.fields)).not.toContain(fixed[0]!.label);
      const pdf = await fill(name, {});
      for (const f of fixed.filter((f) => values.includes(f.default as string))) {
        const words = wordsOf(pdf, f.page).map((w) => w.text);
        expect(words, `${name}: ${f.label}`).toEqual(
          expect.arrayContaining(String(f.default).split(' ')),
        );
      }
    }
  });

  it('values the form holds are kept as defaults and print when the payload leaves them out', async () => {
    const name = 'irs-f1040-2013.pdf';
    expect(field(name, 'State')).toMatchObject({ type: 'CHOICE', default: 'AP' });
    expect(field(name, 'Line 7 write-in')).toMatchObject({ default: 'NONE' });
    expect(field(name, 'PNAM')).toMatchObject({ default: 'Self-prepared', fixed: true });
    const res = await call(app, 'GET', `/v1/template/${name}/schema`, { token: ada.token });
    const { properties } = res.json<{ properties: Record<string, { default?: unknown }> }>();
    expect(properties.State?.default).toBe('AP');
    const state = field(name, 'State');
    const pdf = await fill(name, {});
    expect(textIn(wordsOf(pdf, state.page), state)).toBe('AP');
    const filled = await fill(name, { State: 'VA' });
    expect(textIn(wordsOf(filled, state.page), state)).toBe('VA');
  });

  it('encrypted forms that open without a password come in decrypted, fields and all', () => {
    expect(
      (['ssa-ss5-2011-encrypted.pdf', 'mo-dss-food-stamp-application-encrypted.pdf'] as const).map(
        (name) => [name, form(name).restrictionsRemoved, form(name).inputs.length],
      ),
    ).toEqual([
      ['ssa-ss5-2011-encrypted.pdf', templateMessages.restrictionsRemoved, 59],
      ['mo-dss-food-stamp-application-encrypted.pdf', templateMessages.restrictionsRemoved, 194],
    ]);
    expect(form('irs-f1040-2013.pdf').restrictionsRemoved).toBeUndefined();
  });
});
