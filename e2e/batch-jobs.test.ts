import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../apps/server/test/pdf-fixtures.ts';
import {
  expectAccessible,
  expectNoConsoleErrors,
  hasChromium,
  saveScreenshot,
} from './support/browser.ts';
import { editorSuite, openSignedIn, type EditorSuite } from './support/editor-suite.ts';
import { saveFieldsByApi, uploadTemplateByApi } from './support/templates.ts';

const TEMPLATE = 'Invoices';
const HEADER = 'number,Name,Total,Due,Paid';

/** A CSV file as the batch's drop zone receives it. */
const csvFile = (name: string, rows: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from([HEADER, ...rows].join('\n')),
});

/** The text of every page of a PDF, one space for any run of white space. */
const pdfText = (file: string) =>
  execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');

const openBatchMode = async (page: Page, url: string) => {
  await page.goto(`${url}/admin/templates/${TEMPLATE}?tab=form`);
  await page
    .locator('label')
    .filter({ hasText: /^Batch$/ })
    .click();
  await page.waitForURL(/form=batch/);
};

/** Resolves once the started batch's whole card is on screen, not covered and not scrolled off. */
const batchCardInView = (page: Page) =>
  page.waitForFunction(() => {
    const card = document.querySelector('[data-testid="batch-job"]');
    if (!card) return false;
    const box = card.getBoundingClientRect();
    // One pixel of slack: a fractional layout may end a scrolled-to box a fraction below.
    if (box.top < -1 || box.bottom > window.innerHeight + 1) return false;
    const hit = (y: number) => card.contains(document.elementFromPoint(box.left + 8, y));
    return hit(box.top + 8) && hit(box.bottom - 8);
  });

const chooseRows = (page: Page, file: ReturnType<typeof csvFile>) =>
  page.getByLabel('Rows file (CSV or JSON)').setInputFiles(file);

/** A one-page template with a text, number, date and checkbox field, saved through the API. */
const createTemplate = async (suite: EditorSuite) => {
  const dir = mkdtempSync(join(tmpdir(), 'platen-batch-template-'));
  writeFileSync(join(dir, 'form.pdf'), await makePdf());
  await uploadTemplateByApi(suite.url, suite.tokens, TEMPLATE, join(dir, 'form.pdf'));
  await saveFieldsByApi(suite.url, suite.tokens, {
    templateName: TEMPLATE,
    inputs: [
      { label: 'number', fieldType: 'text', rectY: 100 },
      { label: 'Name', fieldType: 'text', rectY: 140 },
      { label: 'Total', fieldType: 'number', rectY: 180 },
      { label: 'Due', fieldType: 'date', rectY: 220 },
      { label: 'Paid', fieldType: 'checkbox', rectY: 260, rectWidth: 20 },
    ].map((input) => ({
      page: 1,
      rectX: 60,
      rectWidth: 260,
      rectHeight: 24,
      fontSize: 12,
      ...input,
    })),
  });
};

describe.skipIf(!hasChromium)('batch mode of the Form tab', () => {
  const suite = editorSuite('batch');
  beforeAll(() => createTemplate(suite));

  it('refuses a file with a bad row before sending, then fills a good one into a ZIP of PDFs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platen-batch-'));
    const { page, context, consoleErrors } = await openSignedIn(suite, {
      theme: 'light',
      width: 1440,
    });
    await openBatchMode(page, suite.url);

    // A bad row: listed with its row number as in the file, its column and why; nothing sent.
    await chooseRows(
      page,
      csvFile('bad.csv', ['A-1,Ada,12.5,2026-03-07,yes', 'A-2,Grace,twelve,2026-02-30,maybe']),
    );
    const errors = page.getByTestId('row-errors');
    await errors.waitFor();
    const rows = await errors.locator('tbody tr').allTextContents();
    expect(rows).toEqual([
      '3Total"twelve" is not a number (write it like 1234.5)',
      '3Due"2026-02-30" is not a date written yyyy-mm-dd',
      '3Paid"maybe" is not true/false, yes/no or 1/0',
    ]);
    const start = page.getByRole('button', { name: 'Start' });
    expect(await start.isDisabled()).toBe(true);
    await expectAccessible(page, 'batch mode with row errors');

    // A good file: checked, started, followed to 100 %.
    await chooseRows(
      page,
      csvFile('good.csv', [
        'A-1,Ada Lovelace,1234.5,2026-03-07,yes',
        'A-2,Grace Hopper,99,2026-04-01,no',
      ]),
    );
    await page.getByTestId('batch-ready').waitFor();
    expect(await page.getByTestId('batch-ready').textContent()).toContain('2 rows checked');
    await page.getByLabel('File names in the ZIP').fill('invoice-{number}.pdf');
    await start.click();
    const job = page.getByTestId('batch-job');
    // The server fills the rows in the background; the page asks for news every second.
    await job.locator('[data-testid="job-status"][data-status="succeeded"]').waitFor();
    expect(await job.getByTestId('batch-percent').textContent()).toBe('100%');
    expect(await job.getByTestId('batch-counts').textContent()).toBe('2 of 2 documents');
    await saveScreenshot(page, 'batch-succeeded-1440-light');

    // The ZIP holds one PDF per row, named by the pattern, each with its row's values.
    const download = page.waitForEvent('download');
    await job.getByRole('button', { name: `Download ZIP of the ${TEMPLATE} job` }).click();
    const zip = join(dir, 'documents.zip');
    await (await download).saveAs(zip);
    execFileSync('unzip', ['-q', '-o', zip, '-d', join(dir, 'unzipped')]);
    const pdfs = readdirSync(join(dir, 'unzipped')).sort();
    expect(pdfs).toEqual(['invoice-A-1.pdf', 'invoice-A-2.pdf']);
    const first = pdfText(join(dir, 'unzipped', 'invoice-A-1.pdf'));
    expect(first).toContain('Ada Lovelace');
    expect(first).toContain('1234.5');
    expect(first).toContain('2026-03-07');
    const second = pdfText(join(dir, 'unzipped', 'invoice-A-2.pdf'));
    expect(second).toContain('Grace Hopper');
    expect(second).toContain('A-2');

    // The template's recent jobs list it, and so does the dashboard, which counts its documents.
    const recent = page.getByTestId('recent-job');
    await recent.locator('[data-status="succeeded"]').waitFor();
    expect(await recent.count()).toBe(1);
    expect(await recent.getByTestId('job-status').textContent()).toBe('Succeeded');
    await page.goto(`${suite.url}/admin`);
    const card = page.getByTestId('recent-jobs-card');
    await card.getByTestId('recent-job').first().waitFor();
    expect(await card.getByTestId('recent-job').count()).toBe(1);
    expect(await card.getByTestId('recent-job').textContent()).toContain(TEMPLATE);
    const total = page.getByRole('group', { name: /^Total Documents Generated/ });
    await total.getByTestId('stat-value').waitFor();
    expect(await total.getByTestId('stat-value').textContent()).toBe('2');
    await saveScreenshot(page, 'dashboard-recent-jobs-1440-light');
    expectNoConsoleErrors(consoleErrors);
    await context.close();
  });

  it('shows the batch mode and its errors on a phone in the dark theme', async () => {
    const { page, context } = await openSignedIn(suite, { theme: 'dark', width: 390 });
    await openBatchMode(page, suite.url);
    await chooseRows(page, csvFile('bad.csv', ['A-1,Ada,1,2026-01-01,yes', 'A-2,Bo,x,y,z']));
    await page.getByTestId('row-errors').waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'the page does not scroll sideways at 390 px').toBeLessThanOrEqual(0);
    await expectAccessible(page, 'batch mode at 390 px, dark');
    await saveScreenshot(page, 'batch-errors-390-dark');
    await context.close();
  });

  for (const { width, height, theme } of [
    { width: 1440, height: 900, theme: 'light' },
    { width: 390, height: 844, theme: 'dark' },
  ] as const) {
    it(`brings a started batch's progress and its downloads into view at ${width} px`, async () => {
      const { page, context } = await openSignedIn(suite, { theme, width, height });
      await openBatchMode(page, suite.url);
      await chooseRows(
        page,
        csvFile('rows.csv', ['B-1,Ada,1,2026-01-01,yes', 'B-2,Bo,2,2026-01-02,no']),
      );
      await page.getByTestId('batch-ready').waitFor();
      // Started from the file-name field (Enter submits), the Start button and the card below it
      // are off screen when the job appears.
      await page.getByLabel('File names in the ZIP').press('Enter');
      const job = page.getByTestId('batch-job');
      await job.waitFor();
      await batchCardInView(page);
      // Finished, the card grows by its download buttons: they are brought into view as well.
      await job.locator('[data-testid="job-status"][data-status="succeeded"]').waitFor();
      await job.getByRole('button', { name: `Download ZIP of the ${TEMPLATE} job` }).waitFor();
      await batchCardInView(page);
      await page.screenshot({
        path: join(import.meta.dirname, 'screenshots', `batch-in-view-${width}-${theme}.png`),
      });
      await context.close();
    });
  }
});
