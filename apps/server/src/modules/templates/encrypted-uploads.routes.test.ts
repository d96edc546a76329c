import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { templateMessages, type TemplateResponse } from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusBuffer, type CorpusName } from '../../../test/corpus.ts';
import { call, signUp, type Account } from '../../../test/http.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { wordsOf } from '../../../test/pdf-words.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import { generate, uploadTemplate } from '../../../test/templates.ts';
import { hasPoppler, hasQpdf } from '../../../../../test-fixtures/command-line-tools.ts';

// The encrypted forms are made by qpdf at test time (test-fixtures/active-content-pdfs.ts).
const hasTools = hasQpdf && hasPoppler;

const dir = mkdtempSync(join(tmpdir(), 'platen-encrypted-'));
let fileCount = 0;
/** qpdf's verdicts on a PDF: whether it is encrypted, and whether --check finds it clean. */
const qpdfVerdict = (pdf: Buffer) => {
  const path = join(dir, `file-${++fileCount}.pdf`);
  writeFileSync(path, pdf);
  const check = spawnSync('qpdf', ['--check', path], { encoding: 'utf8' });
  const encryption = spawnSync('qpdf', ['--show-encryption', path], { encoding: 'utf8' });
  return {
    isClean: check.status === 0 && !/WARNING/.test(check.stdout + check.stderr),
    isEncrypted: !encryption.stdout.includes('File is not encrypted'),
    mentionsEncrypt: pdf.includes('/Encrypt'),
  };
};
const PLAIN = { isClean: true, isEncrypted: false, mentionsEncrypt: false };

const NEEDS_PASSWORD =
  'This PDF needs a password to open, and Platen cannot open password-protected PDFs. Upload a copy that opens without a password.';

const OPEN_WITHOUT_PASSWORD: CorpusName[] = [
  'form-enc-rc4-40-no-user-password.pdf',
  'form-enc-rc4-128-no-user-password.pdf',
  'form-enc-aes128-no-user-password.pdf',
  'form-enc-aes256-no-user-password.pdf',
];

describe.skipIf(!hasTools).each(testDatabases())('encrypted uploads on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let plainLabels: string[];

  beforeAll(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app);
    const plain = await uploadTemplate(app, ada, {
      name: 'Plain form',
      pdf: await corpusBuffer('form-every-field-family.pdf'),
    });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json<TemplateResponse>().restrictionsRemoved).toBeUndefined();
    plainLabels = plain.json<TemplateResponse>().inputs.map((f) => f.label);
  });
  afterAll(() => app.dispose());

  const uploadOk = async (name: string, file: CorpusName) => {
    const res = await uploadTemplate(app, ada, { name, pdf: await corpusBuffer(file) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TemplateResponse>();
  };

  it.each(OPEN_WITHOUT_PASSWORD)(
    '%s: decrypted, its fields imported, stored unencrypted, and says so',
    async (file) => {
      const template = await uploadOk(file, file);
      expect(template.restrictionsRemoved).toBe(templateMessages.restrictionsRemoved);
      expect(template.inputs.map((f) => f.label)).toEqual(plainLabels);
      expect(plainLabels.length).toBeGreaterThan(5);
      const stored = await call(app, 'GET', `/v1/template/${encodeURIComponent(file)}/pdf`, {
        token: ada.token,
      });
      expect(stored.statusCode).toBe(200);
      expect(qpdfVerdict(stored.rawPayload)).toEqual(PLAIN);
    },
  );

  it('generates unencrypted documents from a decrypted form, values printed', async () => {
    const template = await uploadOk('Restricted', 'form-enc-aes256-clear-metadata.pdf');
    const text = template.inputs.find((f) => f.type === 'TEXT')!;
    const res = await generate(app, template.apiKey, {
      templateName: 'Restricted',
      fields: { [text.label]: 'Unlocked' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(qpdfVerdict(res.rawPayload)).toEqual(PLAIN);
    expect(wordsOf(res.rawPayload).map((w) => w.text)).toContain('Unlocked');
  });

  it('refuses a PDF that needs a password to open, saying exactly that', async () => {
    const res = await uploadTemplate(app, ada, {
      name: 'Locked',
      pdf: await corpusBuffer('form-enc-aes256-user-password.pdf'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'PDF_ENCRYPTED', message: NEEDS_PASSWORD });
  });

  it('says so too when the PDF of a template is replaced by an encrypted one', async () => {
    await uploadOk('To replace', 'form-every-field-family.pdf');
    const { payload, headers } = multipartBody([
      {
        name: 'file',
        filename: 'restricted.pdf',
        type: 'application/pdf',
        data: await corpusBuffer('form-enc-rc4-128-no-user-password.pdf'),
      },
    ]);
    const res = await call(app, 'POST', '/v1/template/To%20replace/update/pdf', {
      token: ada.token,
      headers,
      body: payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      restrictionsRemoved: templateMessages.restrictionsRemoved,
      outOfBounds: [],
    });
    const stored = await call(app, 'GET', '/v1/template/To%20replace/pdf', { token: ada.token });
    expect(qpdfVerdict(stored.rawPayload)).toEqual(PLAIN);
  });
});
