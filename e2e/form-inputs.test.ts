import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../apps/server/test/pdf-fixtures.ts';
import { expectAccessible, hasChromium, saveScreenshot } from './support/browser.ts';
import { editorSuite, openSignedIn } from './support/editor-suite.ts';
import { saveFieldsByApi, uploadTemplateByApi } from './support/templates.ts';

const TEMPLATE = 'Letters';

describe.skipIf(!hasChromium)('the inputs of the Form tab', () => {
  const suite = editorSuite('form-inputs');
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platen-form-inputs-'));
    writeFileSync(join(dir, 'form.pdf'), await makePdf());
    await uploadTemplateByApi(suite.url, suite.tokens, TEMPLATE, join(dir, 'form.pdf'));
    await saveFieldsByApi(suite.url, suite.tokens, {
      templateName: TEMPLATE,
      inputs: [
        { label: 'Name', fieldType: 'text', rectY: 100, rectHeight: 24 },
        { label: 'Notes', fieldType: 'long_text', rectY: 140, rectHeight: 120 },
      ].map((input) => ({ page: 1, rectX: 60, rectWidth: 300, fontSize: 12, ...input })),
    });
  });

  for (const { width, height, theme } of [
    { width: 1440, height: 900, theme: 'light' },
    { width: 390, height: 844, theme: 'dark' },
  ] as const) {
    it(`gives a long text field a text area and names the template in words at ${width} px`, async () => {
      const { page, context } = await openSignedIn(suite, { theme, width, height });
      await page.goto(`${suite.url}/admin/templates/${TEMPLATE}?tab=form`);
      const notes = page.getByRole('textbox', { name: 'Notes' });
      await notes.waitFor();
      // Its example is short, yet the field holds paragraphs: a text area, which takes new lines.
      expect(await notes.evaluate((input) => input.tagName)).toBe('TEXTAREA');
      await notes.fill('First line\nSecond line');
      expect(await notes.inputValue()).toBe('First line\nSecond line');
      expect(
        await page
          .getByRole('textbox', { name: 'Name', exact: true })
          .evaluate((input) => input.tagName),
      ).toBe('INPUT');
      // The template's name is shown read-only, labelled in words rather than by its payload key.
      const name = page.getByRole('textbox', { name: 'Template name' });
      expect(await name.inputValue()).toBe(TEMPLATE);
      expect(await name.isEditable()).toBe(false);
      expect(
        await page
          .locator('label')
          .filter({ hasText: /^templateName$/ })
          .count(),
      ).toBe(0);
      await saveScreenshot(page, `form-inputs-${width}-${theme}`);
      await expectAccessible(page, `form tab inputs at ${width} px`);
      await context.close();
    });
  }
});
