import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, hasChromium, saveScreenshot } from './support/browser.ts';
import { editorSuite, openSignedIn } from './support/editor-suite.ts';
import {
  configureSelected,
  dragOnPage,
  fetchTemplateByApi,
  openForEditing,
  pdfPage,
  saveFieldsByApi,
  saveInEditor,
} from './support/templates.ts';
import { generatedPdf, keepBlobs } from './support/pdf-tabs.ts';

type Box = { rectX: number; rectY: number; rectWidth: number; rectHeight: number };
const RENDER_DPI = 100;

type IsInk = (r: number, g: number, b: number) => boolean;
/** Blue ink: clearly more blue than red and green, and not light. */
const BLUE: IsInk = (r, g, b) => b > r + 40 && b > g + 20 && r < 160;
/** Black ink: dark and grey. */
const BLACK: IsInk = (r, g, b) =>
  Math.max(r, g, b) < 90 && Math.max(r, g, b) - Math.min(r, g, b) < 30;

/**
 * Page 1 rendered by poppler inside a box (points from the top-left), as the share of its pixels
 * that are ink.
 */
const inkShare = (pdf: Buffer, box: Box, isInk: IsInk = BLUE): number => {
  const dir = mkdtempSync(join(tmpdir(), 'platen-signature-'));
  writeFileSync(join(dir, 'doc.pdf'), pdf);
  const px = (pt: number) => String(Math.round((pt * RENDER_DPI) / 72));
  // Without a format option pdftoppm writes a binary PPM: a short header, then RGB bytes.
  execFileSync('pdftoppm', [
    ...['-r', String(RENDER_DPI), '-f', '1', '-l', '1', '-singlefile', '-cropbox'],
    ...[
      '-x',
      px(box.rectX),
      '-y',
      px(box.rectY),
      '-W',
      px(box.rectWidth),
      '-H',
      px(box.rectHeight),
    ],
    join(dir, 'doc.pdf'),
    join(dir, 'box'),
  ]);
  const ppm = readFileSync(join(dir, 'box.ppm'));
  const [, width, height] = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.toString('latin1', 0, 40))!;
  const pixels = Number(width) * Number(height);
  const start = ppm.length - pixels * 3;
  let ink = 0;
  for (let i = start; i < ppm.length; i += 3) {
    if (isInk(ppm[i]!, ppm[i + 1]!, ppm[i + 2]!)) ink++;
  }
  return ink / pixels;
};

/** Draws one stroke with a finger across the pad (touch events through the DevTools protocol). */
const touchStrokeOnPad = async (page: Page, points: [number, number][]) => {
  const pad = await page.getByTestId('signature-pad').boundingBox();
  if (!pad) throw new Error('the signature pad is not visible');
  const at = ([x, y]: [number, number]) => ({
    x: pad.x + x * pad.width,
    y: pad.y + y * pad.height,
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at(points[0]!)] });
  for (const [from, to] of points.slice(0, -1).map((p, i) => [p, points[i + 1]!] as const)) {
    for (let step = 1; step <= 6; step++) {
      const t = step / 6;
      const point: [number, number] = [
        from[0] + (to[0] - from[0]) * t,
        from[1] + (to[1] - from[1]) * t,
      ];
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(point)] });
    }
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
};

/** Draws one stroke with the mouse across the pad, through points given as shares of its size. */
const strokeOnPad = async (page: Page, points: [number, number][]) => {
  const pad = await page.getByTestId('signature-pad').boundingBox();
  if (!pad) throw new Error('the signature pad is not visible');
  const at = ([x, y]: [number, number]) => [pad.x + x * pad.width, pad.y + y * pad.height] as const;
  await page.mouse.move(...at(points[0]!));
  await page.mouse.down();
  for (const point of points.slice(1)) await page.mouse.move(...at(point), { steps: 6 });
  await page.mouse.up();
};

describe.skipIf(!hasChromium)('signature fields', () => {
  const suite = editorSuite('signatures', { Contract: 'printed-a4-form-classic-xref.pdf' });

  it('marks an image field as a signature, signs it with the mouse in the Form tab, and prints the ink in its box', async () => {
    const { page, context } = await openSignedIn(suite, { theme: 'light', width: 1440 });
    await keepBlobs(context);
    const width = await openForEditing(page, suite, 'Contract');
    await dragOnPage(page, pdfPage(page, 1), width, { x: 300, y: 640 }, { x: 520, y: 700 });
    await configureSelected(page, 'Image', 'Signature');
    await page.getByTestId('field-panel').getByRole('switch', { name: 'Signature' }).check();
    await saveInEditor(page);
    const saved = (await fetchTemplateByApi(suite.url, suite.tokens, 'Contract')).body;
    const field = saved.inputs.find((input) => input.label === 'Signature')!;
    expect(field).toMatchObject({ type: 'IMAGE', signature: true });

    await page.getByRole('tab', { name: '2 Form' }).click();
    const preview = page.getByTestId('json-preview');
    // The example picture is no signature: the pad starts blank, and so does the value.
    await preview.getByText('"Signature": ""').waitFor();
    await strokeOnPad(page, [
      [0.1, 0.7],
      [0.25, 0.2],
      [0.35, 0.8],
      [0.5, 0.3],
      [0.65, 0.75],
      [0.9, 0.4],
    ]);
    await strokeOnPad(page, [
      [0.2, 0.9],
      [0.8, 0.88],
    ]);
    await page.getByRole('button', { name: 'Undo' }).click();
    await preview.getByText('"Signature": "data:image/png;base64,').waitFor();
    await saveScreenshot(page, 'signature-form-tab-1440-light');
    await expectAccessible(page, 'form tab with a signature pad');

    const pdf = await generatedPdf(page);
    // Ink on a transparent background: the picture carries a soft mask.
    expect(pdf.toString('latin1')).toMatch(/\/SMask/);
    const share = inkShare(pdf, field);
    expect(share).toBeGreaterThan(0.01);
    // The picture is drawn inside its box: no ink below it.
    const below = { ...field, rectY: field.rectY + field.rectHeight + 2, rectHeight: 20 };
    expect(inkShare(pdf, below)).toBe(0);

    await page.getByRole('button', { name: 'Clear' }).click();
    await preview.getByText('"Signature": ""').waitFor();
    await context.close();
  });

  it('signs with a finger in black ink', async () => {
    await saveFieldsByApi(suite.url, suite.tokens, {
      templateName: 'Contract',
      inputs: [
        {
          label: 'Witness',
          fieldType: 'image',
          signature: true,
          page: 1,
          rectX: 300,
          rectY: 640,
          rectWidth: 220,
          rectHeight: 60,
        },
      ],
    });
    const { page, context } = await openSignedIn(suite, {
      theme: 'dark',
      width: 900,
      hasTouch: true,
    });
    await keepBlobs(context);
    await page.goto(`${suite.url}/admin/templates/Contract?tab=form`);
    await page.getByText('Black ink', { exact: true }).click();
    await touchStrokeOnPad(page, [
      [0.1, 0.8],
      [0.3, 0.2],
      [0.5, 0.8],
      [0.7, 0.2],
      [0.9, 0.8],
    ]);
    await page
      .getByTestId('json-preview')
      .getByText('"Witness": "data:image/png;base64,')
      .waitFor();
    await saveScreenshot(page, 'signature-touch-900-dark');
    const pdf = await generatedPdf(page);
    const box = { rectX: 300, rectY: 640, rectWidth: 220, rectHeight: 60 };
    expect(inkShare(pdf, box, BLACK)).toBeGreaterThan(0.01);
    expect(inkShare(pdf, box, BLUE)).toBe(0);
    await context.close();
  });
});
