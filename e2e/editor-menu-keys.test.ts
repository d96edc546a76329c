import { describe, expect, it } from 'vitest';
import { hasChromium, saveScreenshot } from './support/browser.ts';
import { editorSuite, openSignedIn } from './support/editor-suite.ts';
import { waitForPageDrawn } from './support/templates.ts';

describe.skipIf(!hasChromium)('the template and account menus by keyboard', () => {
  const suite = editorSuite('editor-menu-keys', { Memo: 'two-pages-second-turned.pdf' });

  for (const { width, height } of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`focuses the first item when opened with Enter, ArrowDown goes on, at ${width} px`, async () => {
      const { page, context } = await openSignedIn(suite, { width, height });
      await page.goto(`${suite.url}/admin/templates/Memo`);
      await waitForPageDrawn(page, 1);
      await page.getByRole('button', { name: 'Template actions' }).focus();
      await page.keyboard.press('Enter');
      const focused = () =>
        page.evaluate(() => {
          const element = document.activeElement;
          return element?.getAttribute('role') === 'menuitem' ? element.textContent : null;
        });
      const first = await page.getByRole('menuitem').first().textContent();
      await expect.poll(focused).toBe(first);
      await page.keyboard.press('ArrowDown');
      expect(await focused()).toBe(await page.getByRole('menuitem').nth(1).textContent());
      await saveScreenshot(page, `editor-menu-keys-${width}-dark`, { fullPage: false });
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('menuitem').count()).toBe(0);

      // The header's account menu likewise.
      await page.getByTestId('user-menu').focus();
      await page.keyboard.press('Enter');
      await expect.poll(focused).toBe('Profile');
      await page.keyboard.press('ArrowDown');
      expect(await focused()).toBe('Logout');
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('menuitem').count()).toBe(0);
      await context.close();
    });
  }
});
