import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, screenshotPath } from './support/browser.ts';
import { editorSuite, openSignedIn } from './support/editor-suite.ts';
import { gearMenu, pdfPage, saveFieldsByApi, waitForPageDrawn } from './support/templates.ts';
import { textField } from './support/versions.ts';

const LAST_PAGE = 19;
/** The AdminShell header: the side panel stays just under it. */
const HEADER_PX = 64;

describe.skipIf(!hasChromium)('one scroll for the editor page', () => {
  const suite = editorSuite('editor-scroll', { Charter: 'nineteen-pages.pdf' });
  beforeAll(async () => {
    await saveFieldsByApi(suite.url, suite.tokens, {
      templateName: 'Charter',
      inputs: [
        textField('Opening', { page: 1, y: 120 }),
        {
          ...textField('Signed on', { page: LAST_PAGE, y: 500 }),
          fieldType: 'date',
          format: { kind: 'date', pattern: 'd MMMM yyyy', locale: 'en-GB' },
        },
        textField('Witness', { page: LAST_PAGE, y: 560 }),
      ],
    });
  });

  const box = (page: Page, label: string) =>
    page.locator(`[data-testid="field-box"][data-label="${label}"]`);

  const clickMiddle = async (page: Page, label: string) => {
    const at = await box(page, label).boundingBox();
    if (!at) throw new Error(`no box ${label}`);
    await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
    await page.mouse.down();
    await page.mouse.up();
  };

  for (const { width, height } of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`reaches the last page's fields by the page's own scroll, the panel beside them, at ${width} px`, async () => {
      const { page, context } = await openSignedIn(suite, { width, height });
      await page.goto(`${suite.url}/admin/templates/Charter`);
      await waitForPageDrawn(page, 1);
      await gearMenu(page, 'Edit template');
      const canvas = page.getByTestId('editor-canvas');
      // The canvas grows with its pages: it has no scroll of its own up and down.
      expect(await canvas.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(
        1,
      );
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(
        height * 5,
      );

      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await waitForPageDrawn(page, LAST_PAGE);
      // No dark space under the last page but the canvas's own padding.
      const [sheet, area] = await Promise.all([
        pdfPage(page, LAST_PAGE).boundingBox(),
        canvas.boundingBox(),
      ]);
      expect(area!.y + area!.height - (sheet!.y + sheet!.height)).toBeLessThanOrEqual(25);
      expect(area!.y + area!.height).toBeLessThanOrEqual(height + 1);

      const witness = (await box(page, 'Witness').boundingBox())!;
      expect(witness.y).toBeGreaterThanOrEqual(0);
      expect(witness.y + witness.height).toBeLessThanOrEqual(height);
      await clickMiddle(page, 'Signed on');
      await expect.poll(() => box(page, 'Signed on').getAttribute('data-selected')).toBe('true');

      // Another field's shorter panel moves neither the page nor the field clicked.
      const scrolled = await page.evaluate(() => window.scrollY);
      const before = await box(page, 'Witness').boundingBox();
      await clickMiddle(page, 'Witness');
      await expect.poll(() => box(page, 'Witness').getAttribute('data-selected')).toBe('true');
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
      expect(await box(page, 'Witness').boundingBox()).toEqual(before);

      if (width > 800) {
        // The side panel stays in view beside the pages, just under the header.
        const panel = (await page.getByTestId('side-panel').boundingBox())!;
        expect(panel.y).toBeGreaterThanOrEqual(HEADER_PX);
        expect(panel.y).toBeLessThan(HEADER_PX + 40);
        expect(panel.y + panel.height).toBeLessThanOrEqual(height);
        await page.getByRole('textbox', { name: 'Label', exact: true }).waitFor();
        expect(await page.getByRole('textbox', { name: 'Label', exact: true }).inputValue()).toBe(
          'Witness',
        );
      }
      // As seen: the whole-page picture would show every page, not what the window holds.
      await page.screenshot({ path: screenshotPath(`editor-scroll-last-page-${width}-dark`) });
      await context.close();
    });
  }
});
