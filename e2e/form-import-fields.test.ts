import { describe, expect, it } from 'vitest';
import { expectAccessible, hasChromium, saveScreenshot } from './support/browser.ts';
import { editorSuite, openSignedIn } from './support/editor-suite.ts';
import {
  fetchTemplateByApi,
  gearMenu,
  saveInEditor,
  waitForPageDrawn,
} from './support/templates.ts';

describe.skipIf(!hasChromium)('fields imported from a form', () => {
  const suite = editorSuite('imported-forms', {
    Meldung: 'form-header-field-every-page.pdf',
    Return: 'form-prefilled-values.pdf',
  });

  it('shows a header field’s boxes on every page and adds another box to it', async () => {
    const { page, context } = await openSignedIn(suite, { theme: 'light', width: 1440 });
    await page.goto(`${suite.url}/admin/templates/Meldung`);
    await waitForPageDrawn(page, 1);
    await gearMenu(page, 'Edit template');
    const boxes = page.getByRole('button', { name: 'Versicherungsnummer field, Small Text' });
    await expect.poll(() => boxes.count()).toBe(3);
    await boxes.first().click();
    const panel = page.getByTestId('field-panel');
    await panel
      .getByText('Prints its value in each of its boxes (pages 1, 2, 3).', { exact: false })
      .waitFor();
    await saveScreenshot(page, 'imported-header-field-1440-light');
    await expectAccessible(page, 'field panel of a field with several boxes');
    await panel.getByRole('button', { name: 'Add a box for this field' }).click();
    await expect.poll(() => boxes.count()).toBe(4);
    await saveInEditor(page);
    const saved = (await fetchTemplateByApi(suite.url, suite.tokens, 'Meldung')).body;
    const number = saved.inputs.find((input) => input.label === 'Versicherungsnummer');
    expect(number?.boxes?.map((box) => box.page)).toEqual([1, 2, 3, 1]);
    expect(number?.boxes?.[1]).toMatchObject({ page: 2, fontSize: 9 });
    await context.close();
  });

  it('says what a field with the form’s own value prints without a payload value', async () => {
    const { page, context } = await openSignedIn(suite, { theme: 'dark', width: 1440 });
    await page.goto(`${suite.url}/admin/templates/Return`);
    await waitForPageDrawn(page, 1);
    await gearMenu(page, 'Edit template');
    await page.getByRole('button', { name: 'Approval field, Small Text' }).click();
    const note = page.getByTestId('field-default');
    expect(await note.textContent()).toBe(
      'Prints “Approved Form for Filing” in every document; a payload does not set it (read-only in the form).',
    );
    await saveScreenshot(page, 'imported-fixed-value-1440-dark');
    await context.close();
  });
});
