import { describe, expect, it } from 'vitest';
import { expectAccessible, hasChromium, saveScreenshot } from './support/browser.ts';
import { editorSuite, openSignedIn } from './support/editor-suite.ts';
import { dragOnPage, fetchTemplateByApi, pdfPage, waitForPageDrawn } from './support/templates.ts';

describe.skipIf(!hasChromium)('a template without fields', () => {
  const suite = editorSuite('empty', { Blank: 'two-pages-second-turned.pdf' });

  it.each([1440, 390])(
    'says on the page how to add a field and opens drawing with Edit fields (%i px)',
    async (width) => {
      const pageWidth = (await fetchTemplateByApi(suite.url, suite.tokens, 'Blank')).body.pages[0]!
        .width;
      const { page, context } = await openSignedIn(suite, { width });
      await page.goto(`${suite.url}/admin/templates/Blank`);
      await waitForPageDrawn(page, 1);
      const hint = page.getByTestId('empty-template-hint');
      await hint.getByText('Draw a box to add a field').waitFor();
      await hint.getByText('Choose Edit fields').waitFor();
      await saveScreenshot(page, `empty-template-${width}-dark`);
      await expectAccessible(page, 'empty template');

      // The gear menu keeps its Edit template; the button beside it does the same, in one click.
      await page.getByRole('button', { name: 'Template actions' }).click();
      await page.getByRole('menuitem', { name: 'Edit template' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Edit fields' }).click();
      await page.getByRole('tab', { name: 'Editing mode' }).waitFor();
      expect(await page.getByRole('button', { name: 'Edit fields' }).count()).toBe(0);
      await hint.getByText('Press on the page where the field goes').waitFor();
      await saveScreenshot(page, `empty-template-editing-${width}-dark`);

      await dragOnPage(page, pdfPage(page, 1), pageWidth, { x: 100, y: 100 }, { x: 300, y: 140 });
      await expect.poll(() => page.getByTestId('field-box').count()).toBe(1);
      await hint.waitFor({ state: 'detached' });
      await context.close();
    },
  );
});
