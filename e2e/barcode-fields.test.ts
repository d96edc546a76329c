import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodePng, renderBox } from '../packages/pdf-engine/test/barcode-decode.ts';
import { expectAccessible, hasChromium, saveScreenshot } from './support/browser.ts';
import { editorSuite, openSignedIn } from './support/editor-suite.ts';
import {
  configureSelected,
  dragOnPage,
  fetchTemplateByApi,
  openForEditing,
  pdfPage,
  saveInEditor,
} from './support/templates.ts';
import { generatedPdf, keepBlobs } from './support/pdf-tabs.ts';

describe.skipIf(!hasChromium)('barcode fields', () => {
  const suite = editorSuite('barcodes', { Parcel: 'two-pages-second-turned.pdf' });

  it('draws an EAN-13 field in the editor, fills it in the Form tab, and the PDF scans', async () => {
    const { page, context } = await openSignedIn(suite, { theme: 'light', width: 1440 });
    await keepBlobs(context);
    const width = await openForEditing(page, suite, 'Parcel');
    await dragOnPage(page, pdfPage(page, 1), width, { x: 100, y: 200 }, { x: 320, y: 300 });
    await configureSelected(page, 'Barcode or QR code', 'Article');
    const panel = page.getByTestId('field-panel');
    await page.locator('[data-testid="barcode-preview"][data-symbology="qrcode"]').waitFor();
    // A new barcode field is a QR code, with its error correction; no font settings.
    await expect
      .poll(() => panel.getByRole('textbox', { name: 'Error correction' }).count())
      .toBe(1);
    expect(await panel.getByRole('textbox', { name: 'Font family' }).count()).toBe(0);
    await panel.getByRole('textbox', { name: 'Symbology' }).click();
    await page.getByRole('option', { name: 'EAN-13', exact: true }).click();
    await panel.getByRole('checkbox', { name: 'Print the data under the bars' }).waitFor();
    // The box shows the code a generate prints, from the symbology's example data: it scans.
    const preview = page.getByTestId('barcode-preview');
    await expect.poll(() => preview.getAttribute('data-symbology')).toBe('ean13');
    const previewPng = join(mkdtempSync(join(tmpdir(), 'platen-preview-')), 'preview.png');
    await preview.screenshot({ path: previewPng });
    expect((await decodePng(previewPng, ['EAN13'])).map((r) => r.text)).toEqual(['5901234123457']);
    await saveScreenshot(page, 'barcode-field-panel-1440-light');
    await expectAccessible(page, 'barcode field panel');
    await saveInEditor(page);
    const saved = (await fetchTemplateByApi(suite.url, suite.tokens, 'Parcel')).body;
    const article = saved.inputs.find((input) => input.label === 'Article');
    expect(article).toMatchObject({ type: 'BARCODE', barcode: { symbology: 'ean13' } });

    await page.getByRole('tab', { name: '2 Form' }).click();
    const input = page.getByRole('textbox', { name: 'Article' });
    await expect.poll(() => input.inputValue()).toBe('5901234123457'); // the API example
    await page.getByText('An EAN-13: 12 digits, or 13 with a correct check digit.').waitFor();
    await input.fill('4006381333931');
    await page.getByTestId('json-preview').getByText('"4006381333931"').waitFor();
    await saveScreenshot(page, 'barcode-form-tab-1440-light');
    await expectAccessible(page, 'form tab with a barcode');
    const pdf = await generatedPdf(page);
    const png = renderBox(pdf, article!);
    expect(
      (await decodePng(png, ['EAN13'])).map((r) => r.text),
      png,
    ).toEqual(['4006381333931']);
    await context.close();
  });
});
