import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_DOCUMENTS_PER_MINUTE } from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type Account } from '../../../test/http.ts';
import { makePdf } from '../../../test/pdf-fixtures.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import {
  apiKeyOf,
  generate,
  saveFields,
  textField,
  uploadTemplate,
  usedThisCycle,
} from '../../../test/templates.ts';

const dir = mkdtempSync(join(tmpdir(), 'platen-test-mode-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The text poppler reads from a PDF. */
const textOf = (pdf: Buffer) => {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  // The SAMPLE mark runs diagonally, so poppler reads it in pieces: compare without white space.
  return spawnSync('pdftotext', [file, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, '');
};

describe.each(testDatabases())('generate in test mode on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let apiKey: string;

  beforeAll(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app);
    await uploadTemplate(app, ada, { name: 'Letter', pdf: await makePdf() });
    await saveFields(app, ada, 'Letter', [textField('Name')]);
    apiKey = await apiKeyOf(app, ada, 'Letter');
  });
  afterAll(() => app.dispose());

  it("fills the caller's values, marks every page SAMPLE and counts nothing", async () => {
    const before = await usedThisCycle(app, ada.email);
    const res = await generate(app, apiKey, {
      templateName: 'Letter',
      fields: { Name: 'Grace Hopper' },
      test: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const text = textOf(res.rawPayload);
    expect(text).toContain('GraceHopper');
    expect(text).toContain('SAMPLE');
    expect(await usedThisCycle(app, ada.email)).toBe(before);

    const counted = await generate(app, apiKey, {
      templateName: 'Letter',
      fields: { Name: 'Grace Hopper' },
    });
    expect(textOf(counted.rawPayload)).not.toContain('SAMPLE');
    expect(await usedThisCycle(app, ada.email)).toBe(before + 1);
  });

  it('works when the plan has no documents left, and checks values as usual', async () => {
    await app.deps.db
      .updateTable('subscriptions')
      .set({ pdfs_generated_this_month: 100 })
      .execute();
    const body = { templateName: 'Letter', fields: { Name: 'x' } };
    expect((await generate(app, apiKey, body)).statusCode).toBe(402);
    expect((await generate(app, apiKey, { ...body, test: true })).statusCode).toBe(200);
    const wrong = await generate(app, apiKey, { ...body, fields: { Name: 42 }, test: true });
    expect(wrong.json()).toMatchObject({ status: 400, code: 'INVALID_VALUES' });
  });

  it('has its own limit per account and minute', async () => {
    const bob = await signUp(app);
    await uploadTemplate(app, bob, { name: 'Memo', pdf: await makePdf() });
    const bobKey = await apiKeyOf(app, bob, 'Memo');
    // Past the window of the test documents made above.
    app.clock.advanceMinutes(2);
    const results = await Promise.all(
      Array.from({ length: TEST_DOCUMENTS_PER_MINUTE }, () =>
        generate(app, apiKey, { templateName: 'Letter', test: true }),
      ),
    );
    expect(results.map((r) => `${r.statusCode} ${r.statusCode === 200 ? '' : r.body}`)).toEqual(
      results.map(() => '200 '),
    );
    const limited = await generate(app, apiKey, { templateName: 'Letter', test: true });
    expect(limited.json()).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(limited.headers['retry-after']).toBeDefined();
    // The headers describe the limit that answered: test documents, not the key's 6,000 a minute.
    expect(limited.headers).toMatchObject({
      'x-ratelimit-limit': String(TEST_DOCUMENTS_PER_MINUTE),
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': limited.headers['retry-after'],
    });
    // Counted documents and other accounts go on.
    expect((await generate(app, bobKey, { templateName: 'Memo', test: true })).statusCode).toBe(
      200,
    );
    await app.deps.db.updateTable('subscriptions').set({ pdfs_generated_this_month: 0 }).execute();
    expect((await generate(app, apiKey, { templateName: 'Letter' })).statusCode).toBe(200);
    app.clock.advanceMinutes(2);
    expect((await generate(app, apiKey, { templateName: 'Letter', test: true })).statusCode).toBe(
      200,
    );
  });
});
