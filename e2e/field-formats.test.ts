import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, hasChromium, saveScreenshot } from './support/browser.ts';
import { editorSuite, openSignedIn } from './support/editor-suite.ts';
import {
  choosePanelOption,
  configureSelected,
  dragOnPage,
  fetchTemplateByApi,
  gearMenu,
  openForEditing,
  pdfPage,
  saveInEditor,
  waitForPageDrawn,
} from './support/templates.ts';
import { generatedPdf, keepBlobs } from './support/pdf-tabs.ts';

/** A private-use character: no font has it, so the fit report names it. */
const UNPRINTABLE = '\u{F0000}';

/** The text of page 1 of the PDF Generate opens. */
const generatedText = async (page: Page): Promise<string> => {
  const pdf = await generatedPdf(page);
  const dir = mkdtempSync(join(tmpdir(), 'platen-formats-'));
  writeFileSync(join(dir, 'doc.pdf'), pdf);
  const text = execFileSync('pdftotext', ['-f', '1', '-l', '1', join(dir, 'doc.pdf'), '-'], {
    encoding: 'utf8',
  });
  // One space for any run of white space: poppler may break a line where boxes meet the page's text.
  return text.replace(/[\s\u00a0\u202f]+/g, ' ');
};

describe.skipIf(!hasChromium)('field formats', () => {
  const suite = editorSuite('formats', { Invoice: 'two-pages-second-turned.pdf' });

  it('sets a date and an amount format in the field panel, prints them, and warns of a character no font has', async () => {
    const { page, context } = await openSignedIn(suite, { theme: 'light', width: 1440 });
    await keepBlobs(context);
    const width = await openForEditing(page, suite, 'Invoice');

    await dragOnPage(page, pdfPage(page, 1), width, { x: 60, y: 100 }, { x: 300, y: 125 });
    await configureSelected(page, 'Date', 'Due');
    await choosePanelOption(page, 'Date format', '31 January 2026');
    await choosePanelOption(page, 'Language', 'de-DE');

    await dragOnPage(page, pdfPage(page, 1), width, { x: 60, y: 160 }, { x: 300, y: 185 });
    await configureSelected(page, 'Number', 'Total');
    await choosePanelOption(page, 'Number format', 'Amount in a currency');
    await choosePanelOption(page, 'Locale', 'de-DE');
    const example = page.getByTestId('number-format-example');
    await expect
      .poll(async () => (await example.textContent())?.replace(/\u00a0/g, ' '))
      .toBe('Prints 1234.5 as 1.234,50 €');
    await saveScreenshot(page, 'field-formats-panel-1440-light');
    await expectAccessible(page, 'field panel with formats');

    await dragOnPage(page, pdfPage(page, 1), width, { x: 60, y: 220 }, { x: 300, y: 245 });
    await configureSelected(page, 'Small Text', 'Name');
    await saveInEditor(page);

    const saved = (await fetchTemplateByApi(suite.url, suite.tokens, 'Invoice')).body;
    const inputs = saved.inputs as { label: string; format?: unknown }[];
    const formats = Object.fromEntries(inputs.map((input) => [input.label, input.format]));
    expect(formats).toEqual({
      Due: { kind: 'date', pattern: 'd MMMM yyyy', locale: 'de-DE' },
      Total: { kind: 'number', decimals: 2, locale: 'de-DE', currency: 'EUR' },
      Name: undefined,
    });

    await page.getByRole('tab', { name: '2 Form' }).click();
    await page.getByLabel('Due', { exact: true }).fill('2026-03-07');
    await page.getByLabel('Total', { exact: true }).fill('1234.5');
    await page.getByLabel('Name', { exact: true }).fill(`Ada ${UNPRINTABLE}`);
    const text = await generatedText(page);
    expect(text).toContain('7 März 2026');
    expect(text).toContain('1.234,50 €');
    const warning = page
      .getByRole('status')
      .filter({ hasText: 'Some characters cannot be printed' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain('"Name": ');
    expect(await warning.textContent()).toContain('U+F0000');
    await saveScreenshot(page, 'field-formats-missing-glyph-1440-light');
    await context.close();
  });

  for (const { width, height, theme } of [{ width: 1440, height: 900, theme: 'light' }] as const) {
    it(`shows every date format whole, chosen or listed, at ${width} px`, async () => {
      const { page, context } = await openSignedIn(suite, { theme, width, height });
      await page.goto(`${suite.url}/admin/templates/Invoice`);
      await waitForPageDrawn(page, 1);
      const pageWidth = (await fetchTemplateByApi(suite.url, suite.tokens, 'Invoice')).body
        .pages[0]!.width;
      await gearMenu(page, 'Edit template');
      await dragOnPage(page, pdfPage(page, 1), pageWidth, { x: 60, y: 400 }, { x: 300, y: 425 });
      await configureSelected(page, 'Date', `Signed ${width}`);
      const select = page
        .getByTestId('field-panel')
        .getByRole('textbox', { name: 'Date format', exact: true });
      /** Texts wider than the box that shows them: cut off. */
      const cutOff = (selector: string) =>
        page
          .locator(selector)
          .evaluateAll((elements) =>
            elements
              .filter((element) => element.scrollWidth > element.clientWidth + 1)
              .map((element) => (element as HTMLInputElement).value || element.textContent),
          );
      for (const [option, pattern] of [
        ['31 January 2026', 'd MMMM yyyy'],
        ['January 31, 2026', 'MMMM d, yyyy'],
      ]) {
        await select.click();
        // Listed with its pattern under it; chosen, the example alone.
        const listed = page.getByRole('option').filter({ hasText: pattern });
        await listed.waitFor();
        expect(await cutOff('[role="option"]')).toEqual([]);
        await listed.click();
        await expect.poll(() => select.inputValue()).toBe(option);
        expect(await cutOff('[data-testid="field-panel"] input')).toEqual([]);
      }
      await page.getByTestId('field-panel').scrollIntoViewIfNeeded();
      await saveScreenshot(page, `date-format-${width}-${theme}`);
      await context.close();
    });
  }
});
