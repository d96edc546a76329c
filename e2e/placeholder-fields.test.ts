import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectAccessible, hasChromium, saveScreenshot } from './support/browser.ts';
import { editorSuite, openSignedIn } from './support/editor-suite.ts';
import {
  configureSelected,
  dragOnPage,
  fetchTemplateByApi,
  openForEditing,
  pdfPage,
  saveFieldsByApi,
  saveInEditor,
} from './support/templates.ts';
import { generatedPdf, keepBlobs } from './support/pdf-tabs.ts';

/** The text of page 1, any run of white space as one space. */
const textOf = (pdf: Buffer): string => {
  const dir = mkdtempSync(join(tmpdir(), 'platen-placeholders-'));
  writeFileSync(join(dir, 'doc.pdf'), pdf);
  const text = execFileSync('pdftotext', ['-f', '1', '-l', '1', join(dir, 'doc.pdf'), '-'], {
    encoding: 'utf8',
  });
  return text.replace(/[\s\u00a0\u202f]+/g, ' ');
};

const textField = (label: string, rectY: number) => ({
  label,
  fieldType: 'text',
  page: 1,
  rectX: 60,
  rectY,
  rectWidth: 200,
  rectHeight: 22,
});

describe.skipIf(!hasChromium)('text with placeholders', () => {
  const suite = editorSuite('placeholders', { Letter: 'printed-a4-form-classic-xref.pdf' });

  it('writes a template in the field panel, previews it filled in the Form tab, and prints it', async () => {
    await saveFieldsByApi(suite.url, suite.tokens, {
      templateName: 'Letter',
      inputs: [
        textField('First name', 80),
        textField('Last name', 120),
        // German month names: the Form tab loads date-fns's other locales for its preview.
        {
          ...textField('Due', 160),
          fieldType: 'date',
          format: { kind: 'date', pattern: 'd. MMMM yyyy', locale: 'de-DE' },
        },
      ],
    });
    const { page, context } = await openSignedIn(suite, { theme: 'light', width: 1440 });
    await keepBlobs(context);
    const width = await openForEditing(page, suite, 'Letter');
    await dragOnPage(page, pdfPage(page, 1), width, { x: 60, y: 300 }, { x: 420, y: 326 });
    await configureSelected(page, 'Small Text', 'Greeting');
    const panel = page.getByTestId('field-panel');
    await panel.getByRole('switch', { name: 'Print a template of other fields' }).check();
    const template = panel.getByRole('textbox', { name: 'Template' });
    await template.fill('Dear {First name} {Surname},');
    // A label no field has is named before the save would refuse it.
    await panel.getByText('No other field is labelled "Surname"').waitFor();
    await template.fill('Dear {First name} {Last name}, due {Due}');
    await panel.getByTestId('template-note').waitFor();
    await saveScreenshot(page, 'placeholder-field-panel-1440-light');
    await expectAccessible(page, 'field panel with a template');
    await saveInEditor(page);
    const saved = (await fetchTemplateByApi(suite.url, suite.tokens, 'Letter')).body;
    expect(saved.inputs.find((input) => input.label === 'Greeting')).toMatchObject({
      type: 'TEXT',
      template: 'Dear {First name} {Last name}, due {Due}',
    });

    await page.getByRole('tab', { name: '2 Form' }).click();
    await page.getByLabel('First name', { exact: true }).fill('Ada');
    await page.getByLabel('Last name', { exact: true }).fill('Lovelace');
    await page.getByLabel('Due', { exact: true }).fill('2026-03-01');
    const preview = page.getByTestId('template-preview');
    // As the document prints it: the date in its field's format.
    await expect.poll(() => preview.inputValue()).toBe('Dear Ada Lovelace, due 1. März 2026');
    expect(await preview.getAttribute('readonly')).not.toBeNull();
    // The payload carries the fields the template names, not the template's own field.
    const payload = await page.getByTestId('json-preview').textContent();
    expect(payload).toContain('"Last name"');
    expect(payload).not.toContain('"Greeting"');
    await saveScreenshot(page, 'placeholder-form-tab-1440-light');
    await expectAccessible(page, 'form tab with a template field');
    expect(textOf(await generatedPdf(page))).toContain('Dear Ada Lovelace, due 1. März 2026');
    await context.close();
  });
});
