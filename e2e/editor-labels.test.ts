import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, saveScreenshot } from './support/browser.ts';
import { editorSuite, openSignedIn } from './support/editor-suite.ts';
import { saveFieldsByApi, waitForPageDrawn } from './support/templates.ts';

const LONG_LABEL = 'billingAddressOfTheCustomerAsPrintedOnTheInvoice';

/** Each label on the page: its font size, whether its text is cut, and its box's rectangle. */
const readLabels = (page: Page) =>
  page.getByTestId('field-box').evaluateAll((boxes) =>
    boxes.map((box) => {
      const label = box.querySelector<HTMLElement>('[data-testid="field-label"]');
      const style = label && getComputedStyle(label);
      return {
        name: box.getAttribute('data-label'),
        fontPx: style ? parseFloat(style.fontSize) : 0,
        textOverflow: style?.textOverflow,
        // Cut through: its line is taller than what shows of it.
        isCutThrough: label ? label.scrollHeight > label.clientHeight : true,
        lineHeight: label?.getBoundingClientRect().height ?? 0,
        isShortened: label ? label.scrollWidth > label.clientWidth : false,
      };
    }),
  );

describe.skipIf(!hasChromium)('labels drawn on field boxes', () => {
  const suite = editorSuite('labels', { Labels: 'printed-a4-form-classic-xref.pdf' });

  it('scale with the zoom, are never cut through, and end in an ellipsis when long (1440 and 390 px)', async () => {
    await saveFieldsByApi(suite.url, suite.tokens, {
      templateName: 'Labels',
      inputs: [
        { page: 1, rectX: 60, rectY: 80, rectWidth: 220, rectHeight: 20, label: 'name' },
        { page: 1, rectX: 60, rectY: 120, rectWidth: 120, rectHeight: 20, label: LONG_LABEL },
        { page: 1, rectX: 60, rectY: 160, rectWidth: 220, rectHeight: 40, label: 'notes' },
      ].map((input) => ({ ...input, fontSize: 14, fieldType: 'text' })),
    });
    const sizes: Record<number, number> = {};
    for (const [width, theme] of [
      [1440, 'light'],
      [390, 'dark'],
    ] as const) {
      const { page, context } = await openSignedIn(suite, { width, theme });
      await page.goto(`${suite.url}/admin/templates/Labels`);
      await waitForPageDrawn(page, 1);
      await expect.poll(() => page.getByTestId('field-label').count()).toBe(3);
      const labels = await readLabels(page);
      for (const label of labels) {
        expect(label.isCutThrough, `${label.name} at ${width} px`).toBe(false);
        expect(label.fontPx, `${label.name} at ${width} px`).toBeGreaterThanOrEqual(8);
        expect(label.lineHeight).toBeGreaterThanOrEqual(label.fontPx);
      }
      const long = labels.find((label) => label.name === LONG_LABEL)!;
      expect(long).toMatchObject({ isShortened: true, textOverflow: 'ellipsis' });
      sizes[width] = labels.find((label) => label.name === 'name')!.fontPx;
      await saveScreenshot(page, `editor-labels-${width}-${theme}`);
      await context.close();
    }
    expect(sizes[390]).toBeLessThan(sizes[1440]!);
  });
});
