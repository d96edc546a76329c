import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, hasChromium, saveScreenshot } from './support/browser.ts';
import { editorSuite, openSignedIn } from './support/editor-suite.ts';
import {
  configureSelected,
  corpusPdf,
  dragOnPage,
  fetchTemplateByApi,
  gearMenu,
  openForEditing,
  pdfPage,
  saveInEditor,
  waitForPageDrawn,
} from './support/templates.ts';
import { generatedPdf, keepBlobs } from './support/pdf-tabs.ts';

/** The words of page 1 and their boxes in points from the top-left (`pdftotext -bbox`). */
const words = (pdf: Buffer) => {
  const dir = mkdtempSync(join(tmpdir(), 'platen-choice-'));
  writeFileSync(join(dir, 'doc.pdf'), pdf);
  const html = execFileSync(
    'pdftotext',
    ['-bbox', '-f', '1', '-l', '1', join(dir, 'doc.pdf'), '-'],
    {
      encoding: 'utf8',
    },
  );
  return [
    ...html.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ),
  ].map((m) => ({
    xMin: Number(m[1]),
    yMin: Number(m[2]),
    xMax: Number(m[3]),
    yMax: Number(m[4]),
    text: m[5],
  }));
};

/** Picks an option of a Mantine select by the select's label. */
const choose = async (page: Page, label: string, option: string) => {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

describe.skipIf(!hasChromium)('choice fields', () => {
  const suite = editorSuite('choices', {
    Letters: 'two-pages-second-turned.pdf',
    'Every field': 'form-every-field-family.pdf',
  });

  const open = async (theme: 'dark' | 'light') => {
    const opened = await openSignedIn(suite, { theme, width: 1440 });
    await keepBlobs(opened.context);
    return opened;
  };

  it('draws a choice with its options and fills it from the Form tab', async () => {
    const { page, context } = await open('light');
    const width = await openForEditing(page, suite, 'Letters');
    await dragOnPage(page, pdfPage(page, 1), width, { x: 100, y: 200 }, { x: 300, y: 230 });
    await configureSelected(page, 'Choice', 'Size');
    const panel = page.getByTestId('field-panel');
    await panel.getByRole('textbox', { name: 'Option 1 value' }).fill('s');
    await panel.getByRole('textbox', { name: 'Option 1 text' }).fill('Small');
    await panel.getByRole('button', { name: 'Add option' }).click();
    await panel.getByRole('textbox', { name: 'Option 2 value' }).fill('l');
    await panel.getByRole('textbox', { name: 'Option 2 text' }).fill('Large');
    await saveScreenshot(page, 'choice-field-panel-1440-light');
    await expectAccessible(page, 'choice options editor');
    await saveInEditor(page);
    const saved = (await fetchTemplateByApi(suite.url, suite.tokens, 'Letters')).body;
    const size = saved.inputs.find((input) => input.label === 'Size');
    expect(size).toMatchObject({
      type: 'CHOICE',
      options: [
        { value: 's', label: 'Small' },
        { value: 'l', label: 'Large' },
      ],
    });

    await page.getByRole('tab', { name: '2 Form' }).click();
    await choose(page, 'Size', 'Large (l)');
    await page.getByTestId('json-preview').getByText('"l"').waitFor();
    await saveScreenshot(page, 'choice-form-tab-1440-light');
    await expectAccessible(page, 'form tab with a choice');
    const printed = words(await generatedPdf(page)).find((w) => w.text === 'Large');
    expect(printed, 'the chosen option is printed').toBeDefined();
    expect(printed!.xMin).toBeGreaterThanOrEqual(size!.rectX - 1);
    expect(printed!.xMax).toBeLessThanOrEqual(size!.rectX + size!.rectWidth + 1);
    await context.close();
  });

  it("shows an imported radio group's boxes and fills its lists from selects", async () => {
    const { page, context } = await open('dark');
    await page.goto(`${suite.url}/admin/templates/Every%20field`);
    await waitForPageDrawn(page, 1);
    // r1 and r2 have three boxes each: the field's own and two more.
    await expect.poll(() => page.getByTestId('choice-option-box').count()).toBe(4);
    await saveScreenshot(page, 'choice-imported-radio-1440-dark');
    await page.getByRole('tab', { name: '2 Form' }).click();
    await choose(page, 'drop1', 'elephant');
    await choose(page, 'r2', '3');
    await saveScreenshot(page, 'choice-imported-form-tab-1440-dark');
    const texts = words(await generatedPdf(page)).map((w) => w.text);
    expect(texts).toContain('elephant');
    expect(texts).toContain('five'); // list1 keeps its example, the first option
    await context.close();
  });

  it('edits the options on a phone, 390 px wide, in the field options drawer', async () => {
    const opened = await openSignedIn(suite, { theme: 'dark', width: 390 });
    const { page, context } = opened;
    await page.goto(`${suite.url}/admin/templates/Every%20field`);
    await waitForPageDrawn(page, 1);
    await gearMenu(page, 'Edit template');
    await page.getByRole('button', { name: 'drop1 field, Choice', exact: true }).click();
    await page.getByRole('button', { name: 'Field options' }).click();
    const options = page.getByTestId('choice-options');
    await expect.poll(() => options.getByRole('textbox').count()).toBe(8); // 4 options × 2
    expect(await options.getByRole('textbox', { name: 'Option 3 value' }).inputValue()).toBe(
      'elephant',
    );
    await options.getByRole('button', { name: 'Add option' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'choice-options-390-dark');
    await expectAccessible(page, 'choice options on a phone');
    await context.close();
  });

  it('says after an upload what of the PDF’s form it took over and what it left alone', async () => {
    const { page, context } = await open('dark');
    await page.goto(`${suite.url}/admin/templates`);
    await page.getByRole('button', { name: 'Create Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Template' });
    await dialog.getByLabel('Template name').fill('Fancy');
    const file = 'form-unicode-names-push-buttons.pdf';
    await dialog.locator('input[type="file"]').setInputFiles(await corpusPdf(file));
    await dialog.getByTestId('chosen-file').getByText(file).waitFor();
    await dialog.getByRole('button', { name: 'CREATE' }).click();
    const done = page.getByRole('dialog', { name: 'Template created' });
    await done.getByRole('button', { name: 'OK' }).waitFor();
    const reason = 'a push button has no value to fill';
    expect(await done.getByTestId('import-summary').allTextContents()).toEqual([
      '17 fields were taken from the PDF’s own form.',
      `Not imported: Eject 📼, Play ▶️, Submit 📝, Launch 🚀 (${reason}).`,
    ]);
    await saveScreenshot(page, 'choice-import-report-1440-dark');
    await expectAccessible(page, 'template created, with its import report');
    await context.close();
  });
});
