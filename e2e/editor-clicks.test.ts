import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, saveScreenshot } from './support/browser.ts';
import { editorSuite, openSignedIn } from './support/editor-suite.ts';
import { gearMenu, pdfPage, saveFieldsByApi, waitForPageDrawn } from './support/templates.ts';
import { textField } from './support/versions.ts';

/** The walk's form: Middle and Last name on one row, Amount below them, a formatted Date. */
const WALK_FIELDS = [
  textField('Middle name', { x: 60, y: 200 }),
  textField('Last name', { x: 260, y: 200 }),
  { ...textField('Amount', { x: 60, y: 240 }), fieldType: 'number' },
  {
    ...textField('Date', { x: 60, y: 280 }),
    fieldType: 'date',
    format: { kind: 'date', pattern: 'd MMMM yyyy', locale: 'en-GB' },
  },
];

describe.skipIf(!hasChromium)('clicks and drags in the editor', () => {
  const suite = editorSuite('clicks', { Walk: 'two-pages-second-turned.pdf' });

  beforeAll(async () => {
    await saveFieldsByApi(suite.url, suite.tokens, { templateName: 'Walk', inputs: WALK_FIELDS });
  });

  const openEditor = async (width: number) => {
    const opened = await openSignedIn(suite, { width });
    await opened.page.goto(`${suite.url}/admin/templates/Walk`);
    await waitForPageDrawn(opened.page, 1);
    await gearMenu(opened.page, 'Edit template');
    return opened;
  };

  const box = (page: Page, label: string) =>
    page.locator(`[data-testid="field-box"][data-label="${label}"]`);

  const geometry = async (page: Page) => {
    const read = async (name: string) =>
      Number(await page.getByRole('textbox', { name: `${name} in points` }).inputValue());
    return {
      x: await read('X'),
      y: await read('Y'),
      w: await read('Width'),
      h: await read('Height'),
    };
  };

  const isSelected = (page: Page, label: string) => box(page, label).getAttribute('data-selected');

  /** Where a box lies on its page, in CSS pixels from the page's corner. */
  const placeOnPage = async (page: Page, label: string) => {
    const [field, sheet] = await Promise.all([
      box(page, label).boundingBox(),
      pdfPage(page, 1).boundingBox(),
    ]);
    if (!field || !sheet) throw new Error(`no box ${label}`);
    return { x: Math.round(field.x - sheet.x), y: Math.round(field.y - sheet.y) };
  };

  /** A press and release at the middle of a box, the mouse still in between. */
  const clickMiddle = async (page: Page, label: string) => {
    const at = await box(page, label).boundingBox();
    if (!at) throw new Error(`no box ${label}`);
    await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
    await page.mouse.down();
    await page.mouse.up();
  };

  it.each([1440, 390])(
    'selects a field with a click on a scrolled page, after a taller panel, without moving it (%i px)',
    async (width) => {
      const { page, context } = await openEditor(width);
      await clickMiddle(page, 'Date');
      await expect.poll(() => isSelected(page, 'Date')).toBe('true');
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const placed = await placeOnPage(page, 'Amount');
      await clickMiddle(page, 'Amount');
      await expect.poll(() => isSelected(page, 'Amount')).toBe('true');
      expect(await placeOnPage(page, 'Amount')).toEqual(placed);
      if (width > 800) expect(await geometry(page)).toEqual({ x: 60, y: 240, w: 180, h: 24 });
      await saveScreenshot(page, `editor-click-selects-${width}-dark`);
      await context.close();
    },
  );
});
