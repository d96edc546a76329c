import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectAccessible,
  expectNoConsoleErrors,
  hasChromium,
  saveScreenshot,
} from './support/browser.ts';
import { editorSuite, openSignedIn } from './support/editor-suite.ts';
import {
  configureSelected,
  corpusPdf,
  dragOnPage,
  fetchTemplateByApi,
  gearMenu,
  pdfPage,
  saveInEditor,
  uploadTemplateByApi,
  waitForPageDrawn,
} from './support/templates.ts';

/** Every field type of the panel, with the label each box gets. */
const types = [
  ['Small Text', 'text', 'customer'],
  ['Date', 'date', 'issuedOn'],
  ['Number', 'number', 'total'],
  ['Email', 'email', 'contact'],
  ['Linked Text', 'linked_text', 'story'],
  ['Long Text', 'long_text', 'notes'],
  ['Image', 'image', 'logoImage'],
  ['Checkbox', 'checkbox', 'paid'],
  ['Radio', 'radio', 'express'],
] as const;

describe.skipIf(!hasChromium)('the template editor with the mouse', () => {
  const suite = editorSuite('editor');

  const createThroughTheList = async (page: Page, name: string) => {
    await page.goto(`${suite.url}/admin/templates`);
    await page.getByRole('heading', { name: 'No templates available.' }).waitFor();
    await expectAccessible(page, 'template list, empty');
    await page.getByRole('button', { name: 'Create Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Template' });
    await dialog.getByLabel('Template name').fill(name);
    await expect.poll(() => dialog.getByPlaceholder('This template is for ....').count()).toBe(1);
    await dialog
      .locator('input[type="file"]')
      .setInputFiles(await corpusPdf('two-pages-second-turned.pdf'));
    await dialog.getByTestId('chosen-file').getByText('two-pages-second-turned.pdf').waitFor();
    await saveScreenshot(page, 'templates-create-modal-1440-dark');
    // The upload is held until the progress line has been seen: on a warm server it is quick.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`${suite.url}/v1/template`, async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'CREATE' }).click();
    await dialog
      .getByRole('status')
      .getByText('Uploading the PDF and reading its pages…')
      .waitFor();
    release();
    const done = page.getByRole('dialog', { name: 'Template created' });
    await done.getByRole('button', { name: 'OK' }).waitFor();
    await saveScreenshot(page, 'templates-created-1440-dark');
    await done.getByRole('button', { name: 'Open template' }).click();
    await page.waitForURL(`${suite.url}/admin/templates/${encodeURIComponent(name)}`);
    // The list with its card is checked (axe, screenshots) by editor-screens.test.ts.
    await page.getByRole('heading', { name, level: 2 }).first().waitFor();
    await waitForPageDrawn(page, 1);
  };

  it('creates a template, draws a box of every type, saves it, and finds it after a reload', async () => {
    const { page, context, consoleErrors } = await openSignedIn(suite, { theme: 'dark' });
    await createThroughTheList(page, 'Every type');
    const saved = await fetchTemplateByApi(suite.url, suite.tokens, 'Every type');
    const [size] = saved.body.pages;
    if (!size) throw new Error('no pages');

    await gearMenu(page, 'Edit template');
    await page.getByRole('tab', { name: 'Editing mode' }).waitFor();
    const first = pdfPage(page, 1);
    for (const [index, [typeName, , label]] of types.entries()) {
      const y = 60 + index * 60;
      await dragOnPage(page, first, size.width, { x: 60, y }, { x: 260, y: y + 24 });
      await page.getByTestId('field-panel').waitFor();
      await configureSelected(page, typeName, label);
    }
    await expect.poll(() => page.getByTestId('field-box').count()).toBe(types.length);
    await saveScreenshot(page, 'editor-every-type-1440-dark');
    await expectAccessible(page, 'editor, editing');
    await saveInEditor(page);

    const after = (await fetchTemplateByApi(suite.url, suite.tokens, 'Every type')).body;
    expect(after.inputs.map((i) => [i.label, i.type])).toEqual(
      types.map(([, type, label]) => [label, type.toUpperCase()]),
    );
    for (const [index, input] of after.inputs.entries()) {
      expect(input.rectX).toBeCloseTo(60, 0);
      expect(input.rectY).toBeCloseTo(60 + index * 60, 0);
      expect(input.rectWidth).toBeCloseTo(200, 0);
      expect(input.rectHeight).toBeCloseTo(24, 0);
    }
    await page.reload();
    await waitForPageDrawn(page, 1);
    await expect.poll(() => page.getByTestId('field-box').count()).toBe(types.length);
    await saveScreenshot(page, 'editor-viewing-1440-dark');
    expectNoConsoleErrors(consoleErrors);
    await context.close();
  });

  it('never drops unsaved boxes silently: Edit template, Replace, leaving, renaming and reloading', async () => {
    await uploadTemplateByApi(
      suite.url,
      suite.tokens,
      'Drafts',
      await corpusPdf('two-pages-second-turned.pdf'),
    );
    const { page, context } = await openSignedIn(suite, { theme: 'light' });
    await page.goto(`${suite.url}/admin/templates/Drafts`);
    await waitForPageDrawn(page, 1);
    const width = (await fetchTemplateByApi(suite.url, suite.tokens, 'Drafts')).body.pages[0]
      ?.width;
    // The fourth tab shares the first one's name (product.md#screens-and-routes): its tooltip says it holds the stamps.
    await page.getByRole('tab', { name: '4 Template stamps' }).hover();
    await page
      .getByRole('tooltip')
      .filter({ hasText: 'Stamps: pictures placed on every generated document' })
      .waitFor();
    await saveScreenshot(page, 'editor-stamps-tab-tooltip-1440-light');
    await page.mouse.move(0, 0);

    await gearMenu(page, 'Edit template');
    await dragOnPage(page, pdfPage(page, 1), width ?? 0, { x: 60, y: 60 }, { x: 260, y: 90 });
    const boxes = page.getByTestId('field-box');
    await expect.poll(() => boxes.count()).toBe(1);

    // An unlabelled box still reads well in the delete question.
    await page.getByRole('button', { name: 'Delete field Unlabelled' }).click();
    const ask = page.getByRole('dialog', {
      name: 'Do you really want to delete the unlabelled Coordinate?',
    });
    await ask.getByRole('button', { name: 'No, keep it' }).click();

    // Discard changes asks first; Keep editing keeps the box.
    await page.getByRole('button', { name: 'Editing mode' }).click();
    await page.getByRole('menuitem', { name: 'Discard changes' }).click();
    const discard = page.getByRole('dialog', { name: 'Unsaved changes' });
    await discard.getByText('The changes you have not saved will be lost.').waitFor();
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await discard.waitFor({ state: 'detached' });
    expect(await boxes.count()).toBe(1);

    // Edit template while editing stays in editing mode, with the box.
    await gearMenu(page, 'Edit template');
    await page.getByRole('tab', { name: 'Editing mode' }).waitFor();
    expect(await boxes.count()).toBe(1);

    await gearMenu(page, 'Replace template');
    const unsaved = page.getByRole('dialog', { name: 'Unsaved changes' });
    await unsaved.getByText('changes you have not saved will be lost').waitFor();
    await saveScreenshot(page, 'editor-unsaved-replace-1440-light');
    await unsaved.getByRole('button', { name: 'Keep editing' }).click();
    expect(await page.getByRole('dialog', { name: 'Replace template' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Templates' }).click();
    await unsaved.getByText('Leave this template without saving them?').waitFor();
    await unsaved.getByRole('button', { name: 'Keep editing' }).click();
    expect(new URL(page.url()).pathname).toBe('/admin/templates/Drafts');
    expect(await boxes.count()).toBe(1);

    // A rename keeps the editor open under the new name, unsaved box included.
    await page.getByRole('button', { name: 'Rename template' }).click();
    const rename = page.getByRole('dialog', { name: 'Change template name' });
    await rename.getByLabel('Template name').fill('Drafts 2');
    await rename.getByRole('button', { name: 'Save name' }).click();
    await page
      .getByRole('dialog', { name: 'Success!' })
      .getByRole('button', { name: 'OK' })
      .click();
    await page.waitForURL(/\/admin\/templates\/Drafts%202\?tab=editing$/);
    await page.getByRole('tab', { name: 'Editing mode' }).waitFor();
    expect(await boxes.count()).toBe(1);

    // Reloading or closing the tab: the page asks the browser to confirm first. The event is
    // dispatched here because Playwright cannot reliably close a context after a dismissed
    // beforeunload dialog (microsoft/playwright#37597).
    const asksFirst = await page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(asksFirst).toBe(true);
    await context.close();
  });
});
