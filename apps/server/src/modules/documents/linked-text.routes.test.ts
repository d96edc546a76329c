import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIT_REPORT_HEADER } from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type Account } from '../../../test/http.ts';
import { makePdf } from '../../../test/pdf-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { apiKeyOf, generate, saveFields, uploadTemplate } from '../../../test/templates.ts';
import { hasPoppler } from '../../../../../test-fixtures/command-line-tools.ts';

/**
 * The height of each word's box per page, as poppler reads the document (pdftotext -bbox), for
 * the words that lie within [top, bottom] (points from the page's top): the field's box.
 */
const wordHeights = (pdf: Buffer, within: { top: number; bottom: number }[]): number[][] => {
  const dir = mkdtempSync(join(tmpdir(), 'platen-linked-'));
  try {
    writeFileSync(join(dir, 'out.pdf'), pdf);
    const run = spawnSync('pdftotext', ['-bbox', join(dir, 'out.pdf'), '-'], { encoding: 'utf8' });
    return run.stdout
      .split('<page ')
      .slice(1)
      .map((page, i) =>
        [...page.matchAll(/<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">/g)]
          .map(([, yMin, yMax]) => ({ yMin: Number(yMin), yMax: Number(yMax) }))
          .filter(({ yMin, yMax }) => yMin >= within[i]!.top && yMax <= within[i]!.bottom)
          .map(({ yMin, yMax }) => Math.round((yMax - yMin) * 100) / 100),
      );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

describe.runIf(hasPoppler)('a linked-text field in a generated PDF', () => {
  let app: TestApp;
  let ada: Account;
  let apiKey: string;

  beforeAll(async () => {
    app = await buildTestApp('sqlite');
    ada = await signUp(app);
    await uploadTemplate(app, ada, { name: 'Story', pdf: await makePdf({ pages: 2 }) });
    const box = { rectX: 50, rectWidth: 250, rectHeight: 20 };
    const saved = await saveFields(app, ada, 'Story', [
      {
        label: 'story',
        fieldType: 'linked_text',
        page: 1,
        ...box,
        rectY: 700,
        fontSize: 14,
        boxes: [
          { page: 1, ...box, rectY: 700 },
          { page: 2, ...box, rectY: 100 },
        ],
      },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    apiKey = await apiKeyOf(app, ada, 'Story');
  });
  afterAll(() => app.dispose());

  it('draws every box of the chain at one font size when the text overflows the last box', async () => {
    const story =
      'The quick brown fox jumps over the lazy dog and runs on through the field, past the barn and over the hill';
    const res = await generate(app, apiKey, { templateName: 'Story', fields: { story } });
    expect(res.statusCode, res.body).toBe(200);
    // The boxes (the page's heading lies above them).
    const [first, second] = wordHeights(res.rawPayload, [
      { top: 700, bottom: 720 },
      { top: 100, bottom: 120 },
    ]);
    expect(first!.length).toBeGreaterThan(0);
    expect(second!.length).toBeGreaterThan(0);
    expect(new Set([...first!, ...second!]).size).toBe(1); // one size: first box and second alike
    const report = JSON.parse(String(res.headers[FIT_REPORT_HEADER])) as Record<string, unknown>;
    expect(report.story).toMatchObject({ result: 'shrunk' });
  });
});
