import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../apps/server/test/pdf-fixtures.ts';
import { expectAccessible, hasChromium, saveScreenshot } from './support/browser.ts';
import { editorSuite, openSignedIn } from './support/editor-suite.ts';
import { saveFieldsByApi, uploadTemplateByApi } from './support/templates.ts';

const TEMPLATE = 'Fits';
/** A private-use character: no font has it, so the fit report says missing_glyphs. */
const UNPRINTABLE = '\u{F0000}';

const textbox = (page: Page, label: string) =>
  page.getByRole('textbox', { name: label, exact: true });

describe.skipIf(!hasChromium)('fit notes in the Form tab', () => {
  const suite = editorSuite('form-fit-notes');
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platen-fit-notes-'));
    writeFileSync(join(dir, 'form.pdf'), await makePdf());
    await uploadTemplateByApi(suite.url, suite.tokens, TEMPLATE, join(dir, 'form.pdf'));
    await saveFieldsByApi(suite.url, suite.tokens, {
      templateName: TEMPLATE,
      inputs: ['Name', 'Street', 'City', 'Family'].map((label, index) => ({
        label,
        fieldType: 'text',
        page: 1,
        rectX: 60,
        rectY: 100 + index * 40,
        rectWidth: 90,
        rectHeight: 20,
        fontSize: 12,
      })),
    });
  });

  for (const { width, height, theme } of [
    { width: 1440, height: 900, theme: 'dark' },
    { width: 390, height: 844, theme: 'light' },
  ] as const) {
    it(`flags each field that did not print whole beside its input at ${width} px`, async () => {
      const { page, context } = await openSignedIn(suite, { theme, width, height });
      await page.goto(`${suite.url}/admin/templates/${TEMPLATE}?tab=form`);
      await textbox(page, 'Name').waitFor();
      await textbox(page, 'Name').fill('Ann');
      await textbox(page, 'Street').fill(
        'Walker-Ünderberg Featherstonehaugh Boulevard of the Long Names 1234',
      );
      await textbox(page, 'City').fill('Amsterdam-Noord');
      await textbox(page, 'Family').fill(`Lee ${UNPRINTABLE}`);
      // Nothing is flagged before a PDF has been made.
      expect(await page.getByTestId('fit-note').count()).toBe(0);

      const popup = page.waitForEvent('popup');
      await page.getByRole('button', { name: 'Generate' }).click();
      await (await popup).close();

      const summary = page.getByTestId('fit-summary');
      await summary.waitFor();
      expect(await summary.textContent()).toContain('2 fields did not fit');
      const noteOf = (label: string) =>
        page.locator(`[data-fit-label="${label}"]`).getByTestId('fit-note');
      expect(await noteOf('Name').count()).toBe(0);
      expect(await noteOf('Street').textContent()).toMatch(/^Cut off: /);
      expect(await noteOf('City').textContent()).toMatch(
        /^Shrunk to \d+(\.\d)? pt to fit its box\.$/,
      );
      expect(await noteOf('Family').textContent()).toBe(
        'Characters left out: no font has \u{F0000} (U+F0000).',
      );
      await saveScreenshot(page, `form-fit-notes-${width}-${theme}`);
      await expectAccessible(page, `form tab fit notes at ${width} px`);

      // The link brings the first field that did not fit into view, with the caret in it.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await summary.getByRole('button', { name: 'Show “Street”' }).click();
      await expect
        .poll(() => textbox(page, 'Street').evaluate((input) => input === document.activeElement))
        .toBe(true);
      const box = await textbox(page, 'Street').boundingBox();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height).toBeLessThanOrEqual(height);
      await saveScreenshot(page, `form-fit-notes-shown-${width}-${theme}`);

      // A field edited after the PDF was made loses its note; the others keep theirs.
      await textbox(page, 'Street').fill('Main St 1');
      expect(await noteOf('Street').count()).toBe(0);
      expect(await noteOf('Family').count()).toBe(1);
      expect(await summary.textContent()).toContain('1 field did not fit');
      await context.close();
    });
  }
});
