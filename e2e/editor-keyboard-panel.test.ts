import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, hasChromium, saveScreenshot } from './support/browser.ts';
import { editorSuite, openSignedIn } from './support/editor-suite.ts';
import { gearMenu, saveFieldsByApi, waitForPageDrawn } from './support/templates.ts';
import { textField } from './support/versions.ts';

describe.skipIf(!hasChromium)('from a selected field to its panel and back by keyboard', () => {
  const suite = editorSuite('editor-keyboard-panel', { Slip: 'two-pages-second-turned.pdf' });
  beforeAll(async () => {
    await saveFieldsByApi(suite.url, suite.tokens, {
      templateName: 'Slip',
      inputs: [textField('Payee', { y: 120 }), textField('Amount', { y: 200 })],
    });
  });

  const box = (page: Page, label: string) =>
    page.locator(`[data-testid="field-box"][data-label="${label}"]`);
  const labelInput = (page: Page) =>
    page.getByTestId('field-panel').getByRole('textbox', { name: 'Label', exact: true });
  const focusedLabel = (page: Page) =>
    page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.label ?? null);

  it('jumps with Enter to the Label, and with Escape back to the field (1440 px)', async () => {
    const { page, context } = await openSignedIn(suite, { width: 1440, height: 900 });
    await page.goto(`${suite.url}/admin/templates/Slip`);
    await waitForPageDrawn(page, 1);
    await gearMenu(page, 'Edit template');
    // Tab-reachable boxes once editing has drawn them: focusing one selects it.
    await expect.poll(() => box(page, 'Amount').getAttribute('data-interactive')).toBe('true');
    await box(page, 'Amount').focus();
    await expect.poll(() => box(page, 'Amount').getAttribute('data-selected')).toBe('true');

    await page.keyboard.press('Enter');
    await expect
      .poll(() => labelInput(page).evaluate((input) => input === document.activeElement))
      .toBe(true);
    // The label is selected whole: typing replaces it.
    await page.keyboard.type('Total');
    expect(await labelInput(page).inputValue()).toBe('Total');
    await saveScreenshot(page, 'editor-keyboard-label-1440-dark', { fullPage: false });
    await expectAccessible(page, 'editor with a field selected, its Label focused');

    await page.keyboard.press('Escape');
    await expect.poll(() => focusedLabel(page)).toBe('Total');
    expect(await box(page, 'Total').getAttribute('data-selected')).toBe('true');
    // Back on the field, the page's keys work again: an arrow nudges it 1 pt.
    const x = Number(await page.getByRole('textbox', { name: 'X in points' }).inputValue());
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(async () =>
        Number(await page.getByRole('textbox', { name: 'X in points' }).inputValue()),
      )
      .toBe(x + 1);
    await context.close();
  });
});
