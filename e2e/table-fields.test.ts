import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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

type SavedTable = { columns: { label: string; align: string; format?: { kind: string } }[] };

/** The first page's text as `pdftotext -layout` reads it. */
const firstPageText = (pdf: Buffer) => {
  const file = join(mkdtempSync(join(tmpdir(), 'platen-table-')), 'doc.pdf');
  writeFileSync(file, pdf);
  return spawnSync('pdftotext', ['-layout', '-f', '1', '-l', '1', file, '-'], {
    encoding: 'utf8',
  }).stdout;
};

describe.skipIf(!hasChromium)('table fields', () => {
  const suite = editorSuite('tables', { Order: 'two-pages-second-turned.pdf' });

  it('draws a table with its columns, edits rows in the Form tab, and prints them', async () => {
    const { page, context } = await openSignedIn(suite, { theme: 'light', width: 1440 });
    await keepBlobs(context);
    const width = await openForEditing(page, suite, 'Order');
    await dragOnPage(page, pdfPage(page, 1), width, { x: 60, y: 200 }, { x: 540, y: 480 });
    await configureSelected(page, 'Table', 'Lines');
    const panel = page.getByTestId('field-panel');
    const columns = panel.getByTestId('table-settings');
    // A new table: Item and Amount, with a header row.
    await expect
      .poll(() => columns.getByRole('textbox', { name: 'Column 1', exact: true }).inputValue())
      .toBe('Item');
    await columns.getByRole('button', { name: 'Add column' }).click();
    await columns.getByRole('textbox', { name: 'Column 3', exact: true }).fill('Qty');
    await columns.getByRole('textbox', { name: 'Column 3 format' }).click();
    await page.getByRole('option', { name: 'Number', exact: true }).click();
    await columns.getByRole('textbox', { name: 'Column 3 alignment' }).click();
    await page.getByRole('option', { name: 'Right' }).click();
    await columns.getByRole('textbox', { name: 'Row font size' }).fill('9');
    await columns.getByRole('textbox', { name: 'Continue on' }).click();
    await page.getByRole('option', { name: 'Page 2', exact: true }).click();
    await columns.getByRole('textbox', { name: 'Rows from (pt)' }).waitFor();
    // The canvas draws the columns: two edges between three columns.
    await expect.poll(() => page.getByTestId('table-column-edge').count()).toBe(2);
    await saveScreenshot(page, 'table-field-panel-1440-light');
    await expectAccessible(page, 'table field panel');
    await saveInEditor(page);
    const saved = (await fetchTemplateByApi(suite.url, suite.tokens, 'Order')).body;
    const lines = saved.inputs.find((input) => input.label === 'Lines');
    expect(lines).toMatchObject({ type: 'TABLE', table: { headerRow: true } });
    const { table } = lines as unknown as { table: SavedTable };
    expect(table).toMatchObject({ rowFontSize: 9, continuation: { page: 2, rectY: 40 } });
    expect(table.columns.map((c) => [c.label, c.align, c.format?.kind])).toEqual([
      ['Item', 'left', undefined],
      ['Amount', 'right', 'number'],
      ['Qty', 'right', 'number'],
    ]);

    await page.getByRole('tab', { name: '2 Form' }).click();
    const rows = page.getByTestId('rows-Lines');
    // The API example's two rows, then one added and one removed.
    await expect
      .poll(() => rows.getByRole('textbox', { name: 'Lines row 2 Item' }).inputValue())
      .toBe('Item 2');
    await rows.getByRole('button', { name: 'Add row' }).click();
    await rows.getByRole('textbox', { name: 'Lines row 3 Item' }).fill('Printer paper, A4');
    await rows.getByRole('textbox', { name: 'Lines row 3 Amount' }).fill('19.9');
    await rows.getByRole('textbox', { name: 'Lines row 3 Qty' }).fill('4');
    await rows.getByRole('button', { name: 'Remove Lines row 1' }).click();
    await page.getByTestId('json-preview').getByText('"Printer paper, A4"').waitFor();
    expect(await rows.getByRole('textbox', { name: /^Lines row \d Item$/ }).count()).toBe(2);
    await saveScreenshot(page, 'table-form-tab-1440-light');
    await expectAccessible(page, 'form tab with a table');
    const text = firstPageText(await generatedPdf(page));
    expect(text).toMatch(/Item\s+Amount\s+Qty/);
    expect(text).toMatch(/Printer paper, A4\s+19\.90\s+4\.00/);
    expect(text).not.toContain('Item 1');
    await context.close();
  });
});
