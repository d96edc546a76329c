import type { TemplateInput, TemplateResponse } from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusBuffer, type CorpusName } from '../../../test/corpus.ts';
import { call, signUp, type Account } from '../../../test/http.ts';
import { wordsOf } from '../../../test/pdf-words.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import { generate, uploadTemplate } from '../../../test/templates.ts';

/** A label a person can type as a payload key: short, no form hierarchy, no `[n]` indices. */
const isReadable = (label: string) =>
  label.length <= 60 && !/[[\]]/.test(label) && !/topmostSubform|Page\d/.test(label);

const inside = (
  word: { xMin: number; yMin: number; xMax: number; yMax: number },
  f: TemplateInput,
) =>
  word.xMin >= f.rectX - 1 &&
  word.xMax <= f.rectX + f.rectWidth + 1 &&
  word.yMin >= f.rectY - 1 &&
  word.yMax <= f.rectY + f.rectHeight + 1;

describe.each(testDatabases())('importing fillable PDFs on %s', (database) => {
  let app: TestApp;
  let ada: Account;

  beforeAll(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app);
  });
  afterAll(() => app.dispose());

  const upload = async (name: string, file: CorpusName) => {
    const res = await uploadTemplate(app, ada, { name, pdf: await corpusBuffer(file) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TemplateResponse>();
  };
  const byLabel = (t: TemplateResponse, label: string) => {
    const field = t.inputs.find((f) => f.label === label);
    if (!field)
      throw new Error(`no field "${label}" in ${t.inputs.map((f) => f.label).join(', ')}`);
    return field;
  };

  describe('the IRS W-9', () => {
    let w9: TemplateResponse;
    beforeAll(async () => {
      w9 = await upload('W-9', 'irs-fw9.pdf');
    });

    it('gets short, unique, readable labels', () => {
      const labels = w9.inputs.map((f) => f.label);
      expect(labels.length).toBe(16);
      expect(new Set(labels).size).toBe(labels.length);
      expect(labels.filter((l) => !isReadable(l))).toEqual([]);
      expect(labels).toContain('Social security number'); // the words printed above it
      expect(w9.notImported).toEqual([]);
    });

    it('keeps the tax classification boxes as one choice, with a box per option', () => {
      const classification = byLabel(w9, 'FederalClassification c1_1');
      expect(classification.type).toBe('CHOICE');
      expect(classification.options?.map((o) => o.value)).toEqual([
        '1',
        '2',
        '3',
        '4',
        '5',
        '6',
        '7',
      ]);
      expect(classification.options?.every((o) => o.box?.page === 1)).toBe(true);
      expect(w9.inputs.filter((f) => f.type === 'CHECKBOX')).toEqual([]);
      expect(w9.api.fields['FederalClassification c1_1']).toBe('1');
    });

    it('makes example values that fit each field: digits in comb cells, within max length', () => {
      for (const field of w9.inputs) {
        const example = w9.api.fields[field.label];
        if (field.maxLength) expect(String(example).length).toBeLessThanOrEqual(field.maxLength);
      }
      expect(w9.api.fields['Social security number']).toBe('123');
      expect(w9.api.fields['Social security number 2']).toBe('12');
      expect(w9.api.fields['SSN f1_13']).toBe('1234');
      expect(Object.values(w9.api.fields).filter((v) => v === 'Jane Doe').length).toBeGreaterThan(
        0,
      );
    });

    it("generates its example payload with the comb's digits in its cells", async () => {
      const res = await generate(app, w9.apiKey, w9.api);
      expect(res.statusCode, res.body).toBe(200);
      const words = wordsOf(res.rawPayload);
      const ssn = byLabel(w9, 'Social security number');
      const digits = words.filter((w) => inside(w, ssn)).sort((a, b) => a.xMin - b.xMin);
      expect(digits.map((w) => w.text).join('')).toBe('123');
    });
  });

  describe('the form with every field family', () => {
    let form: TemplateResponse;
    beforeAll(async () => {
      form = await upload('Every field', 'form-every-field-family.pdf');
    });

    it('imports all fifteen widgets as eleven fields, radio groups and lists as choices', () => {
      expect(form.inputs.map((f) => [f.label, f.type])).toEqual([
        ['text', 'TEXT'],
        ['r1', 'CHOICE'],
        ['checkbox1', 'CHECKBOX'],
        ['checkbox2', 'CHECKBOX'],
        ['checkbox3', 'CHECKBOX'],
        ['r2', 'CHOICE'],
        ['text2', 'TEXT'],
        ['list1', 'CHOICE'],
        ['drop1', 'CHOICE'],
        ['combolist1', 'CHOICE'],
        ['combodrop1', 'CHOICE'],
      ]);
      expect(byLabel(form, 'r1').options?.filter((o) => o.box)).toHaveLength(3);
      expect(byLabel(form, 'drop1').options).toEqual([
        { value: 'nine', label: 'nine' },
        { value: 'ten', label: 'ten' },
        { value: 'elephant', label: 'elephant' },
        { value: 'twelve', label: 'twelve' },
      ]);
      expect(form.notImported).toEqual([]);
    });

    it('lists the options as an enum in the payload schema and picks the first as example', async () => {
      const res = await call(app, 'GET', '/v1/template/Every%20field/schema', { token: ada.token });
      expect(res.statusCode, res.body).toBe(200);
      const schema = res.json<{ properties: Record<string, { enum?: unknown[] }> }>();
      expect(schema.properties.drop1?.enum).toEqual(['nine', 'ten', 'elephant', 'twelve', null]);
      expect(schema.properties.r1?.enum).toEqual(['1', '2', '3', null]);
      expect(form.api.fields).toMatchObject({ drop1: 'nine', r1: '1', checkbox1: true });
    });

    it("prints a list's chosen option in its box", async () => {
      const res = await generate(app, form.apiKey, {
        templateName: 'Every field',
        fields: { drop1: 'elephant', r2: '3' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const words = wordsOf(res.rawPayload).filter((w) => w.text === 'elephant');
      expect(words).toHaveLength(1);
      expect(inside(words[0]!, byLabel(form, 'drop1'))).toBe(true);
    });

    it('answers 400 naming the field and its allowed values for any other value', async () => {
      const res = await generate(app, form.apiKey, {
        templateName: 'Every field',
        fields: { drop1: 'eleven', r1: true },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'INVALID_VALUES',
        message:
          'These fields have values of the wrong type: "r1" (expected one of "1", "2" or "3"), "drop1" (expected one of "nine", "ten", "elephant" or "twelve").',
      });
    });
  });

  it('turns the text of a rotated field with its box, at a size that fits the box', async () => {
    const form = await upload('Rotated', 'form-widget-turned-by-appearance.pdf');
    const tall = byLabel(form, 'Text Box 1');
    expect(tall.rotation).toBe(270);
    const res = await generate(app, form.apiKey, {
      templateName: 'Rotated',
      fields: { 'Text Box 1': 'Turned' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [word] = wordsOf(res.rawPayload).filter((w) => w.text === 'Turned');
    expect(word).toBeDefined();
    expect(inside(word!, tall)).toBe(true);
    // Runs down the tall, narrow box: taller than wide, and as wide as a full-size line.
    expect(word!.yMax - word!.yMin).toBeGreaterThan(2 * (word!.xMax - word!.xMin));
    expect(word!.xMax - word!.xMin).toBeGreaterThan(tall.rectWidth * 0.5);
  });

  it('leaves out a list’s blank placeholder, and the imported fields save back unchanged', async () => {
    const form = await upload('Combed', 'form-combed-fields-13p.pdf');
    const province = byLabel(form, 'Province');
    expect(province.options?.slice(0, 2)).toEqual([
      { value: 'AB', label: 'Alberta' },
      { value: 'BC', label: 'British Columbia' },
    ]);
    // What the editor sends back when its user saves without changing anything.
    const inputs = form.inputs.map(({ type, ...field }) => ({
      ...field,
      fieldType: type.toLowerCase(),
    }));
    const saved = await call(app, 'PUT', '/v1/template', {
      token: ada.token,
      body: { templateName: 'Combed', inputs },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const withoutIds = (fields: TemplateInput[]) => fields.map(({ id: _id, ...field }) => field);
    expect(withoutIds(saved.json<TemplateResponse>().inputs)).toEqual(withoutIds(form.inputs));
  });

  it('reports the form fields it could not import', async () => {
    const form = await upload('Fancy', 'form-unicode-names-push-buttons.pdf');
    expect(form.notImported).toEqual(
      ['Eject 📼', 'Play ▶️', 'Submit 📝', 'Launch 🚀'].map((name) => ({
        name,
        fieldName: name,
        page: 1,
        reason: 'a push button has no value to fill',
      })),
    );
    const again = await call(app, 'GET', '/v1/template/Fancy', { token: ada.token });
    expect(again.json()).not.toHaveProperty('notImported'); // only the upload answer carries it
  });
});
