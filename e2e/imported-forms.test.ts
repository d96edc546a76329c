import { describe, expect, it } from 'vitest';
import { TOOLTIP_FORM_FIELDS } from '../test-fixtures/tooltip-form-pdfs.ts';
import { expectAccessible, hasChromium, saveScreenshot } from './support/browser.ts';
import { editorSuite, openSignedIn } from './support/editor-suite.ts';
import { corpusPdf } from './support/templates.ts';

const SPOUSE_TOOLTIP = TOOLTIP_FORM_FIELDS.find(([name]) => name.includes('SPSSN'))![1]!;

describe.skipIf(!hasChromium)('forms brought in from elsewhere', () => {
  const suite = editorSuite('imported', {
    Return: 'form-long-tooltips.pdf',
    Form1040: 'irs-f1040-2013.pdf',
  });

  it("shows an imported field's whole tooltip under its input in the Form tab", async () => {
    const { page, context } = await openSignedIn(suite, { theme: 'light', width: 1440 });
    await page.goto(`${suite.url}/admin/templates/Return?tab=form`);
    const input = page.getByRole('textbox', { name: "Spouse's social security number" });
    await input.waitFor();
    const description = page.getByText(SPOUSE_TOOLTIP, { exact: true });
    await description.waitFor();
    // Under the input, and read out with it by a screen reader.
    const [inputBox, descriptionBox] = [await input.boundingBox(), await description.boundingBox()];
    expect(descriptionBox!.y).toBeGreaterThanOrEqual(inputBox!.y + inputBox!.height - 1);
    const describedBy = (await input.getAttribute('aria-describedby')) ?? '';
    expect(describedBy).toContain((await description.getAttribute('id')) ?? 'no id');
    // A field whose tooltip is short enough to be its label has no description.
    const firstName = page.getByRole('textbox', { name: 'Your first name and middle initial' });
    expect(await firstName.getAttribute('aria-describedby')).toBeNull();
    await saveScreenshot(page, 'imported-descriptions-form-tab-1440-light');
    await expectAccessible(page, 'form tab with field descriptions');
    await context.close();
  });

  it("shows a real return's tooltip under its input, and its preselected state as the value", async () => {
    const { page, context } = await openSignedIn(suite, { theme: 'dark', width: 1440 });
    await page.goto(`${suite.url}/admin/templates/Form1040?tab=form`);
    const address = page.getByRole('textbox', { name: 'Home address (number and street)' });
    await address.waitFor();
    const description = page.getByText(
      'Home address (number and street). If you have a Post Office Box, see instructions.',
      { exact: true },
    );
    await description.waitFor();
    const describedBy = (await address.getAttribute('aria-describedby')) ?? '';
    expect(describedBy).toContain((await description.getAttribute('id')) ?? 'no id');
    // The 2013 1040 holds "AP" in its state list: the form starts from it, as generate prints it.
    const state = page.getByRole('textbox', { name: 'State', exact: true });
    expect(await state.inputValue()).toBe('AP');
    // Marked as the form's own value, not an example: what a request that leaves it out prints.
    const note = page.getByText('Default: AP. Printed when a request leaves this field out.', {
      exact: true,
    });
    expect((await state.getAttribute('aria-describedby')) ?? '').toContain(
      (await note.getAttribute('id')) ?? 'no id',
    );
    await saveScreenshot(page, 'imported-gov-form-tab-1440-dark');
    await expectAccessible(page, 'form tab of an imported government return');
    await context.close();
  });

  it('says after uploading a PDF encrypted only to restrict its use that the restrictions were removed', async () => {
    const { page, context } = await openSignedIn(suite, { theme: 'dark', width: 1440 });
    await page.goto(`${suite.url}/admin/templates`);
    await page.getByRole('button', { name: 'Create Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Template' });
    await dialog.getByLabel('Template name').fill('Restricted');
    const file = 'form-enc-aes256-no-user-password.pdf';
    await dialog.locator('input[type="file"]').setInputFiles(await corpusPdf(file));
    await dialog.getByTestId('chosen-file').getByText(file).waitFor();
    await dialog.getByRole('button', { name: 'CREATE' }).click();
    const done = page.getByRole('dialog', { name: 'Template created' });
    await done.getByRole('button', { name: 'OK' }).waitFor();
    const [restrictions, ...rest] = await done.getByTestId('import-summary').allTextContents();
    expect(restrictions).toMatch(/opens without a password, so Platen removed the encryption/);
    expect(rest).toEqual(['11 fields were taken from the PDF’s own form.']); // labels: their names
    await saveScreenshot(page, 'imported-restrictions-removed-1440-dark');
    await expectAccessible(page, 'template created from a restricted PDF');
    await context.close();
  });
});
