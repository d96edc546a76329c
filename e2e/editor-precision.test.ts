import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, saveScreenshot } from './support/browser.ts';
import { editorSuite, openSignedIn } from './support/editor-suite.ts';
import {
  configureSelected,
  dragOnPage,
  fetchTemplateByApi,
  gearMenu,
  pageView,
  pdfPage,
  saveInEditor,
  touchDragOnPage,
  waitForPageDrawn,
} from './support/templates.ts';

const handles = [
  ['top-left', 10, 10, -10, -10],
  ['top', 0, 10, 0, -10],
  ['top-right', 0, 10, 10, -10],
  ['right', 0, 0, 10, 0],
  ['bottom-right', 0, 0, 10, 10],
  ['bottom', 0, 0, 0, 10],
  ['bottom-left', 10, 0, -10, 10],
  ['left', 10, 0, -10, 0],
] as const;

describe.skipIf(!hasChromium)('editing with precision', () => {
  const suite = editorSuite('precision', { Precise: 'two-pages-second-turned.pdf' });
  let pageWidth = 0;

  beforeAll(async () => {
    const template = await fetchTemplateByApi(suite.url, suite.tokens, 'Precise');
    pageWidth = template.body.pages[0]?.width ?? 0;
  });

  const openEditor = async (
    opts: { width?: number; hasTouch?: boolean; theme?: 'light' | 'dark' } = {},
  ) => {
    const opened = await openSignedIn(suite, { theme: 'light', ...opts });
    await opened.page.goto(`${suite.url}/admin/templates/Precise`);
    await waitForPageDrawn(opened.page, 1);
    await gearMenu(opened.page, 'Edit template');
    return opened;
  };

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

  const expectGeometry = async (
    page: Page,
    expected: { x: number; y: number; w: number; h: number },
  ) => {
    for (const key of ['x', 'y', 'w', 'h'] as const) {
      await expect.poll(async () => (await geometry(page))[key]).toBeCloseTo(expected[key], 0);
    }
  };

  it('resizes with each of the eight handles, nudges, undoes, redoes, copies and pastes', async () => {
    const { page, context } = await openEditor();
    const first = pdfPage(page, 1);
    await dragOnPage(page, first, pageWidth, { x: 100, y: 100 }, { x: 300, y: 150 });
    await expectGeometry(page, { x: 100, y: 100, w: 200, h: 50 });
    for (const [handle, dx, dy, dw, dh] of handles) {
      const before = await geometry(page);
      const grip = await page.getByTestId(`handle-${handle}`).boundingBox();
      if (!grip) throw new Error(`no ${handle} handle`);
      const { scale } = await pageView(first, pageWidth);
      const [cx, cy] = [grip.x + grip.width / 2, grip.y + grip.height / 2];
      const sx = handle.endsWith('left') ? 10 : handle.endsWith('right') ? 10 : 0;
      const sy = handle.startsWith('top') || handle.startsWith('bottom') ? 10 : 0;
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      await page.mouse.move(cx + sx * scale, cy + sy * scale, { steps: 3 });
      await page.mouse.up();
      await expectGeometry(page, {
        x: before.x + dx,
        y: before.y + dy,
        w: before.w + dw,
        h: before.h + dh,
      });
    }
    await saveScreenshot(page, 'editor-resized-1440-light');

    const box = page.getByTestId('field-box').first();
    await box.focus();
    const start = await geometry(page);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await expectGeometry(page, { ...start, x: start.x + 1, y: start.y + 10 });
    await page.keyboard.press('Control+z');
    await expectGeometry(page, { ...start, x: start.x + 1 });
    await page.keyboard.press('Control+z');
    await expectGeometry(page, start);
    await page.keyboard.press('Control+Shift+z');
    await expectGeometry(page, { ...start, x: start.x + 1 });

    await page.keyboard.press('Control+c');
    await page.keyboard.press('Control+v');
    await expect.poll(() => page.getByTestId('field-box').count()).toBe(2);
    await expectGeometry(page, { ...start, x: start.x + 11, y: start.y + 10 });
    await page.keyboard.press('Delete');
    await expect.poll(() => page.getByTestId('field-box').count()).toBe(1);

    // Escape puts a box back where the drag started.
    const moving = await box.boundingBox();
    if (!moving) throw new Error('no box');
    await page.mouse.move(moving.x + 20, moving.y + 10);
    await page.mouse.down();
    await page.mouse.move(moving.x + 120, moving.y + 110, { steps: 4 });
    await page.keyboard.press('Escape');
    await page.mouse.up();
    await expectGeometry(page, { ...start, x: start.x + 1 });

    // The W and H inputs refuse a box under the minimum (10 units at 100 %, 6.67 pt).
    const widthInput = page.getByRole('textbox', { name: 'Width in points' });
    await widthInput.fill('1');
    await widthInput.press('Tab');
    await expect.poll(() => widthInput.inputValue()).toBe('6.67');
    expect((await box.boundingBox())?.width).toBeGreaterThan(1);
    // Typing 15 passes through 1 on the way; the input keeps the keystrokes.
    await widthInput.fill('');
    await widthInput.pressSequentially('15');
    await widthInput.press('Tab');
    await expectGeometry(page, { ...start, x: start.x + 1, w: 15 });
    await context.close();
  });

  it('draws the next box from just past the corner of the one still selected, leaving that one as it was', async () => {
    // A table: the next cell starts right below the box just drawn. The press lands 6 px below
    // its bottom-right corner and 3 px inside it, where the handle's hit area used to reach.
    for (const [width, theme] of [
      [1440, 'light'],
      [1440, 'dark'],
      [390, 'dark'],
    ] as const) {
      const { page, context } = await openEditor({ width, theme });
      const first = pdfPage(page, 1);
      await dragOnPage(page, first, pageWidth, { x: 100, y: 300 }, { x: 300, y: 330 });
      const boxes = page.getByTestId('field-box');
      await expect.poll(() => boxes.count()).toBe(1);
      const drawn = await boxes.first().boundingBox();
      const { toScreen } = await pageView(first, pageWidth);
      const corner = toScreen({ x: 300, y: 330 });
      const end = toScreen({ x: 100, y: 380 });
      await page.mouse.move(corner.x - 3, corner.y + 6);
      await page.mouse.down();
      await page.mouse.move(end.x, end.y, { steps: 6 });
      await page.mouse.up();
      await expect.poll(() => boxes.count()).toBe(2);
      expect(await boxes.first().boundingBox()).toEqual(drawn);
      expect(await boxes.nth(1).getAttribute('data-selected')).toBe('true');
      await saveScreenshot(page, `editor-next-cell-${width}-${theme}`);
      await context.close();
    }
  });

  it('draws and moves a box with one finger on a touch screen', async () => {
    // A tablet: touch only, wide enough for the side panel and its X/Y/W/H inputs.
    const { page, context } = await openEditor({ width: 1100, hasTouch: true });
    const first = pdfPage(page, 1);
    await touchDragOnPage(page, first, pageWidth, { x: 100, y: 500 }, { x: 300, y: 540 });
    await expect.poll(() => page.getByTestId('field-box').count()).toBe(1);
    await expectGeometry(page, { x: 100, y: 500, w: 200, h: 40 });
    await touchDragOnPage(page, first, pageWidth, { x: 150, y: 520 }, { x: 250, y: 570 });
    await expectGeometry(page, { x: 200, y: 550, w: 200, h: 40 });
    await saveScreenshot(page, 'editor-touch-1100-light');
    await context.close();
  });

  it('marks invalid boxes red, snaps to edges with a guide, and saves linked text across two pages', async () => {
    const { page, context } = await openEditor();
    const first = pdfPage(page, 1);
    await dragOnPage(page, first, pageWidth, { x: 80, y: 200 }, { x: 280, y: 230 });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => page.locator('[data-testid="field-box"][data-invalid="true"]').count())
      .toBe(1);
    await saveScreenshot(page, 'editor-invalid-1440-light');
    await configureSelected(page, 'Linked Text', 'story');
    await expect.poll(() => page.locator('[data-invalid="true"]').count()).toBe(0);

    await dragOnPage(page, first, pageWidth, { x: 150, y: 400 }, { x: 350, y: 430 });
    await configureSelected(page, 'Small Text', 'name');
    const moved = page.locator('[data-testid="field-box"][data-label="name"]');
    const rect = await moved.boundingBox();
    const { scale } = await pageView(first, pageWidth);
    if (!rect) throw new Error('no box');
    await page.mouse.move(rect.x + 30, rect.y + 10);
    await page.mouse.down();
    await page.mouse.move(rect.x + 30 - 68 * scale, rect.y + 10, { steps: 4 });
    await page.getByTestId('snap-guide').first().waitFor();
    await saveScreenshot(page, 'editor-snap-guide-1440-light');
    await page.mouse.up();
    await expect.poll(async () => (await geometry(page)).x).toBe(80);

    const second = pdfPage(page, 2);
    await second.scrollIntoViewIfNeeded();
    await waitForPageDrawn(page, 2);
    const size2 = (await fetchTemplateByApi(suite.url, suite.tokens, 'Precise')).body.pages[1];
    await dragOnPage(page, second, size2?.width ?? 0, { x: 40, y: 40 }, { x: 240, y: 70 });
    await configureSelected(page, 'Linked Text', 'story');
    await saveInEditor(page);
    const saved = (await fetchTemplateByApi(suite.url, suite.tokens, 'Precise')).body;
    const story = saved.inputs.find((input) => input.label === 'story');
    expect(saved.inputs).toHaveLength(2);
    expect(story?.boxes?.map((b) => [b.page, Math.round(b.rectX), Math.round(b.rectY)])).toEqual([
      [1, 80, 200],
      [2, 40, 40],
    ]);

    // A saved box is deleted on the server after the confirmation.
    await gearMenu(page, 'Edit template');
    await page.locator('[data-testid="field-box"][data-label="name"]').click();
    await page.getByRole('button', { name: 'Delete field name' }).click();
    const confirm = page.getByRole('dialog', {
      name: 'Do you really want to delete the name Coordinate?',
    });
    await confirm.getByRole('button', { name: 'No, keep it' }).waitFor();
    await saveScreenshot(page, 'editor-delete-confirm-1440-light');
    await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
    await expect
      .poll(
        async () =>
          (await fetchTemplateByApi(suite.url, suite.tokens, 'Precise')).body.inputs.length,
      )
      .toBe(1);
    await expect.poll(() => page.locator('[data-label="name"]').count()).toBe(0);
    await context.close();
  });
});
