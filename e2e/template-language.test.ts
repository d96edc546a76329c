import { describe, expect, it } from 'vitest';
import { expectAccessible, hasChromium, saveScreenshot } from './support/browser.ts';
import { editorSuite, openSignedIn } from './support/editor-suite.ts';
import {
  fetchTemplateByApi,
  gearMenu,
  saveInEditor,
  waitForPageDrawn,
} from './support/templates.ts';

describe.skipIf(!hasChromium)('a template’s default language', () => {
  const suite = editorSuite('template-language', { Address: 'two-pages-second-turned.pdf' });

  it('is set in the side panel while editing, saved with the fields, and cleared again', async () => {
    const { page, context } = await openSignedIn(suite, { theme: 'light', width: 1440 });
    await page.goto(`${suite.url}/admin/templates/Address`);
    await waitForPageDrawn(page, 1);
    const select = page
      .getByTestId('side-panel')
      .getByRole('textbox', { name: 'Default text language', exact: true });
    expect(await select.isDisabled()).toBe(true);
    expect(await select.getAttribute('placeholder')).toBe('Decided by the text');

    await gearMenu(page, 'Edit template');
    await select.click();
    await page.getByRole('option').filter({ hasText: 'Chinese (Traditional)' }).first().click();
    await saveScreenshot(page, 'template-language-1440-light');
    await expectAccessible(page, 'side panel with a default language');
    await saveInEditor(page);
    expect((await fetchTemplateByApi(suite.url, suite.tokens, 'Address')).body.language).toBe(
      'zh-Hant',
    );

    // Picking the chosen language again clears it (the clear button is for the mouse only).
    await gearMenu(page, 'Edit template');
    await select.click();
    await page.getByRole('option').filter({ hasText: 'Chinese (Traditional)' }).first().click();
    expect(await select.inputValue()).toBe('');
    await saveInEditor(page);
    expect(
      (await fetchTemplateByApi(suite.url, suite.tokens, 'Address')).body.language,
    ).toBeUndefined();
    await context.close();
  });
});
