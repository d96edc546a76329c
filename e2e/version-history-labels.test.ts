import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  expectAccessible,
  hasChromium,
  saveScreenshot,
  waitForAnimations,
} from './support/browser.ts';
import { editorSuite, openSignedIn } from './support/editor-suite.ts';
import { waitForPageDrawn } from './support/templates.ts';
import { headerBadge, openTemplatePage, publishedTemplate, textField } from './support/versions.ts';

describe.skipIf(!hasChromium)('what the version history and the header say', () => {
  const suite = editorSuite('version-labels');

  for (const { width, height, theme } of [
    { width: 1440, height: 900, theme: 'light' },
    { width: 390, height: 844, theme: 'dark' },
  ] as const) {
    it(`says "(breaking)" only of what breaks, and names the version open read-only at ${width} px`, async () => {
      const name = `Labels ${width}`;
      // Version 2 renames City to Town (same box) and adds Zip: the rename breaks, the addition not.
      await publishedTemplate(suite, name, [
        [textField('Name'), textField('City', { y: 200 })],
        [textField('Name'), textField('Town', { y: 200 }), textField('Zip', { y: 300 })],
      ]);
      const { page, context } = await openSignedIn(suite, { theme, width, height });
      await openTemplatePage(page, suite.url, name);
      await expect.poll(() => headerBadge(page).textContent()).toBe('v2');

      await page.getByRole('button', { name: 'Versions' }).click();
      const panel = page.getByRole('dialog', { name: 'Versions' });
      const latest = panel.locator('[data-testid="version-card"][data-version="2"]');
      const summary = latest.getByTestId('version-summary');
      await expect.poll(() => summary.textContent()).toBe('1 renamed (breaking) · 1 added');
      const parts = summary.locator('[data-breaking]');
      expect(await parts.evaluateAll((spans) => spans.map((s) => s.dataset.breaking))).toEqual([
        'true',
        'false',
      ]);
      await saveScreenshot(page, `version-summary-${width}-${theme}`);
      await expectAccessible(page, `versions panel at ${width} px`);

      await panel.getByRole('button', { name: 'Open version 1' }).click();
      await page.getByText('Version 1 — read only').waitFor();
      await waitForPageDrawn(page, 1);
      await expect.poll(() => headerBadge(page).textContent()).toBe('v1 · read only');
      // The Versions drawer slides away first.
      await waitForAnimations(page);
      await page.screenshot({
        path: join(import.meta.dirname, 'screenshots', `version-open-${width}-${theme}.png`),
      });
      await expectAccessible(page, `read-only version at ${width} px`);
      await context.close();
    });
  }
});
