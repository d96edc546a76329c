import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, saveScreenshot } from './support/browser.ts';
import { editorSuite, openSignedIn } from './support/editor-suite.ts';
import {
  dragOnPage,
  fetchTemplateByApi,
  gearMenu,
  pdfPage,
  saveFieldsByApi,
  waitForPageDrawn,
} from './support/templates.ts';
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
  const suite = editorSuite('clicks', {
    Walk: 'two-pages-second-turned.pdf',
    Cells: 'two-pages-second-turned.pdf',
  });
  let pageWidth = 0;

  beforeAll(async () => {
    await saveFieldsByApi(suite.url, suite.tokens, { templateName: 'Walk', inputs: WALK_FIELDS });
    const cells = await fetchTemplateByApi(suite.url, suite.tokens, 'Cells');
    pageWidth = cells.body.pages[0]?.width ?? 0;
  });

  const openEditor = async (width: number, template = 'Walk') => {
    const opened = await openSignedIn(suite, { width });
    await opened.page.goto(`${suite.url}/admin/templates/${template}`);
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
      // The window scrolls the pages (one scroll for the editor page): scrolled, Amount in view.
      await box(page, 'Amount').evaluate((field) =>
        window.scrollBy(0, field.getBoundingClientRect().top - 200),
      );
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      const placed = await placeOnPage(page, 'Amount');
      await clickMiddle(page, 'Amount');
      await expect.poll(() => isSelected(page, 'Amount')).toBe('true');
      expect(await placeOnPage(page, 'Amount')).toEqual(placed);
      if (width > 800) expect(await geometry(page)).toEqual({ x: 60, y: 240, w: 180, h: 24 });
      await saveScreenshot(page, `editor-click-selects-${width}-dark`);
      await context.close();
    },
  );

  /** Presses at a screen point and drags to another, in small steps. */
  const dragFrom = async (
    page: Page,
    from: { x: number; y: number },
    to: { x: number; y: number },
  ) => {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 6 });
    await page.mouse.up();
  };

  it.each([1440, 390])(
    'draws a new box from 1 or 2 px right of the box just drawn; its squares still resize it (%i px)',
    async (width) => {
      const { page, context } = await openEditor(width, 'Cells');
      const sheet = pdfPage(page, 1);
      const boxes = page.getByTestId('field-box');
      await dragOnPage(page, sheet, pageWidth, { x: 100, y: 300 }, { x: 300, y: 400 });
      await expect.poll(() => boxes.count()).toBe(1);
      const drawn = (await boxes.first().boundingBox())!;
      const right = drawn.x + drawn.width;
      // Outside the box and off its squares, where the corner's and the middle handle's hit
      // areas used to reach: 6 px below the top edge, and 6 px below the middle.
      const presses = [
        { gap: 1, y: drawn.y + 6, dy: -30 },
        { gap: 2, y: drawn.y + drawn.height / 2 + 6, dy: 20 },
      ];
      for (const [index, { gap, y, dy }] of presses.entries()) {
        await dragFrom(page, { x: right + gap, y }, { x: right + gap + 60, y: y + dy });
        await expect.poll(() => boxes.count()).toBe(2 + index);
        expect(await boxes.first().boundingBox()).toEqual(drawn);
        expect(await boxes.last().getAttribute('data-selected')).toBe('true');
      }
      await saveScreenshot(page, `editor-next-box-beside-${width}-dark`);

      // The right square's outer half still resizes the first box.
      await boxes.first().click({ position: { x: drawn.width / 2, y: drawn.height / 2 } });
      const middle = drawn.y + drawn.height / 2;
      await dragFrom(page, { x: right + 3, y: middle }, { x: right + 23, y: middle });
      await expect
        .poll(async () => (await boxes.first().boundingBox())?.width)
        .toBeCloseTo(drawn.width + 20, 0);
      expect(await boxes.count()).toBe(3);
      await context.close();
    },
  );
});
