import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { newUser, registerByApi, signInWithTokens } from './support/accounts.ts';
import {
  expectAccessible,
  hasChromium,
  openPage,
  saveScreenshot,
  type Theme,
} from './support/browser.ts';
import { editorSuite } from './support/editor-suite.ts';
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

const FILE = 'two-pages-second-turned.pdf';

/**
 * Every state of the template list and the editor, on a desktop and a phone, in both themes:
 * a screenshot of each (e2e/screenshots, looked at by a person) and axe on each.
 */
describe.skipIf(!hasChromium)('the list and the editor in every theme and width', () => {
  const suite = editorSuite('screens');

  const shoot = async (page: Page, state: string, name: string) => {
    await saveScreenshot(page, name);
    await expectAccessible(page, state);
  };

  const walk = async (theme: Theme, width: number) => {
    const at = `${width}-${theme}`;
    const tokens = await registerByApi(suite.url, newUser(`screens-${at}`));
    const { page, context } = await openPage(suite.browser, { theme, width });
    await signInWithTokens(page, suite.url, tokens);

    await page.goto(`${suite.url}/admin/templates`);
    await page.getByRole('heading', { name: 'No templates available.' }).waitFor();
    await shoot(page, `empty list ${at}`, `templates-empty-${at}`);
    await page.getByRole('button', { name: 'Create Template' }).click();
    const create = page.getByRole('dialog', { name: 'Create Template' });
    await create.getByLabel('Template name').fill('Quarterly report');
    await create.locator('input[type="file"]').setInputFiles(await corpusPdf(FILE));
    await create.getByTestId('chosen-file').waitFor();
    await shoot(page, `create modal ${at}`, `templates-create-modal-${at}`);
    await page.keyboard.press('Escape');
    await create.waitFor({ state: 'detached' });

    for (const name of ['Quarterly report', 'Delivery note', 'A template with a long name']) {
      await uploadTemplateByApi(suite.url, tokens, name, await corpusPdf(FILE));
    }
    await page.reload();
    await page.getByTestId('template-card').first().waitFor();
    await shoot(page, `list ${at}`, `templates-list-${at}`);

    await page.goto(`${suite.url}/admin/templates/Quarterly%20report`);
    await waitForPageDrawn(page, 1);
    await shoot(page, `viewing ${at}`, `editor-viewing-${at}`);

    const { pages } = (await fetchTemplateByApi(suite.url, tokens, 'Quarterly report')).body;
    await gearMenu(page, 'Edit template');
    const from = { x: 60, y: 120 };
    await dragOnPage(page, pdfPage(page, 1), pages[0]?.width ?? 0, from, { x: 260, y: 150 });
    const isPhone = width < 1024;
    if (isPhone) await page.getByRole('button', { name: 'Field options' }).click();
    await configureSelected(page, 'Small Text', 'customerName');
    await shoot(page, `editing ${at}`, `editor-editing-${at}`);
    if (isPhone) {
      await page.keyboard.press('Escape');
      await page.getByTestId('field-panel').waitFor({ state: 'detached' });
    }

    await page.getByRole('button', { name: 'Delete field customerName' }).click();
    const confirm = page.getByRole('dialog', {
      name: 'Do you really want to delete the customerName Coordinate?',
    });
    await confirm.getByRole('button', { name: 'No, keep it' }).waitFor();
    await shoot(page, `delete confirmation ${at}`, `editor-delete-confirm-${at}`);
    await confirm.getByRole('button', { name: 'No, keep it' }).click();
    await confirm.waitFor({ state: 'detached' });
    await saveInEditor(page);

    await page.getByRole('tab', { name: '3 Api' }).click();
    await page.getByText('generates a real document from the example payload').waitFor();
    await shoot(page, `api tab ${at}`, `editor-api-tab-${at}`);
    await page.getByRole('tab', { name: '2 Form' }).click();
    await page.getByLabel('customerName').fill('Ada Lovelace');
    await page.getByTestId('json-preview').getByText('Ada Lovelace').waitFor();
    await shoot(page, `form tab ${at}`, `editor-form-tab-${at}`);
    await context.close();
  };

  it('at 1440 px in the dark theme', () => walk('dark', 1440));
  it('at 1440 px in the light theme', () => walk('light', 1440));
  it('at 390 px in the dark theme', () => walk('dark', 390));
  it('at 390 px in the light theme', () => walk('light', 390));
});
