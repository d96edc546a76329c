import type { TemplateVersionDetail } from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportAccount } from '../../../test/account-exports.ts';
import { call, errorBody, signUp, type Account } from '../../../test/http.ts';
import { pathOf, unzip } from '../../../test/jobs.ts';
import { makePdf } from '../../../test/pdf-fixtures.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import { apiKeyOf, generate, getTemplate, saveFields, textField } from '../../../test/templates.ts';
import { templatePath, versionCalls } from '../../../test/versions.ts';

/** The faces a PDF embeds, without their subset prefix (NotoSansTC-Regular…). */
const faces = (pdf: Buffer) =>
  new Set(
    [...pdf.toString('latin1').matchAll(/\/BaseFont \/[A-Z]{6}\+([\w-]+)/g)].map((m) => m[1]),
  );

const ADDRESS = '臺北市信義區市府路，電話';

describe.each(testDatabases())('a field’s language on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let apiKey: string;
  let pdf: Buffer;
  const { create, published, save } = versionCalls(() => ({ app, owner: ada, pdf }));

  beforeAll(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app);
    pdf = await makePdf({ pages: 1 });
    await create('Address');
    await save('Address', [
      textField('Traditional', { language: 'ZH-hant' }),
      textField('Unsaid', { rectY: 140 }),
      textField('Korean', { rectY: 180, language: 'ko' }),
    ]);
    apiKey = await apiKeyOf(app, ada, 'Address');
  });
  afterAll(() => app.dispose());

  it('is kept in its canonical spelling, and read back as saved', async () => {
    const template = await getTemplate(app, ada, 'Address');
    const languages = template.inputs.map((input) => [input.label, input.language]);
    expect(languages).toEqual([
      ['Traditional', 'zh-Hant'],
      ['Unsaid', undefined],
      ['Korean', 'ko'],
    ]);
  });

  it('refuses what is not a BCP 47 tag, and a language on a field that prints no text', async () => {
    const bad = await saveFields(app, ada, 'Address', [textField('A', { language: 'no tag!' })]);
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad).message).toContain(
      'A language must be a BCP 47 tag, such as zh-Hant, ja, ko or ar.',
    );
    const tick = await saveFields(app, ada, 'Address', [
      textField('Agreed', { fieldType: 'checkbox', language: 'en' }),
    ]);
    expect(tick.statusCode).toBe(400);
    expect(errorBody(tick).message).toBe(
      'The field "Agreed" is a checkbox field: only fields that print text take a language.',
    );
    const generateBad = await generate(app, apiKey, {
      templateName: 'Address',
      fields: { Unsaid: ADDRESS },
      language: 'no tag!',
    });
    expect(generateBad.statusCode).toBe(400);
  });

  it('sets each field’s Han in its language’s face; generate’s language serves fields without one', async () => {
    const one = async (label: string, language?: string) => {
      const res = await generate(app, apiKey, {
        templateName: 'Address',
        fields: { [label]: ADDRESS },
        ...(language && { language }),
      });
      expect(res.statusCode, res.body).toBe(200);
      return faces(res.rawPayload);
    };
    expect(await one('Traditional')).toEqual(new Set(['NotoSansTC-Regular']));
    expect(await one('Korean')).toEqual(new Set(['NotoSansKR-Regular']));
    expect(await one('Unsaid')).toEqual(new Set(['NotoSansSC-Regular']));
    expect(await one('Unsaid', 'ja')).toEqual(new Set(['NotoSansJP-Regular']));
    // A field's own language wins over the request's.
    expect(await one('Traditional', 'ja')).toEqual(new Set(['NotoSansTC-Regular']));
  });

  it('is kept in a published version and in the account’s export', async () => {
    expect((await published('Address')).version).toBe(1);
    const version = await call(app, 'GET', templatePath('Address', '/versions/1'), {
      token: ada.token,
    });
    expect(version.statusCode, version.body).toBe(200);
    const detail = version.json<TemplateVersionDetail>();
    expect(detail.inputs.find((input) => input.label === 'Traditional')?.language).toBe('zh-Hant');

    const done = await exportAccount(app, ada);
    const zip = await app.inject({ method: 'GET', url: pathOf(done.download?.url ?? '') });
    const account = JSON.parse(
      Buffer.from(unzip(zip.rawPayload)['account.json'] ?? []).toString('utf8'),
    ) as { templates: { fields: { label: string; language?: string }[] }[] };
    const fields = account.templates[0]!.fields;
    expect(fields.find((f) => f.label === 'Traditional')?.language).toBe('zh-Hant');
    expect(fields.find((f) => f.label === 'Korean')?.language).toBe('ko');
  });
});
