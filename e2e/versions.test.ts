import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, hasChromium, waitForAnimations, type Theme } from './support/browser.ts';
import { editorSuite, openSignedIn } from './support/editor-suite.ts';
import {
  corpusPdf,
  fetchTemplateByApi,
  gearMenu,
  saveFieldsByApi,
  uploadTemplateByApi,
  waitForPageDrawn,
} from './support/templates.ts';
import {
  headerBadge,
  listVersionsByApi,
  openTemplatePage,
  publishByApi,
  publishedTemplate,
  textField,
} from './support/versions.ts';
import { keepBlobs } from './support/pdf-tabs.ts';

const TWO_PAGES = 'two-pages-second-turned.pdf';
const ONE_SHORT_PAGE = 'pdf20-half-letter.pdf';
/** Looked at by a person, outside the repository. */
const SHOTS = '/tmp/platen-versions-shots';

describe.skipIf(!hasChromium)('template versions in the app', () => {
  const suite = editorSuite('versions');

  const open = async (opts: { theme?: Theme; width?: number } = {}) => {
    const opened = await openSignedIn(suite, opts);
    await keepBlobs(opened.context);
    return opened;
  };

  const shoot = async (page: Page, name: string) => {
    mkdirSync(SHOTS, { recursive: true });
    await waitForAnimations(page);
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  };

  const box = (page: Page, label: string) =>
    page.locator(`[data-testid="field-box"][data-label="${label}"]`);

  it('shows the publication state on the card and in the header', async () => {
    await uploadTemplateByApi(suite.url, suite.tokens, 'Badges', await corpusPdf(TWO_PAGES));
    const { page, context } = await open();
    const card = page.getByRole('link', { name: 'Open template Badges' });
    const cardBadge = card.getByTestId('publication-badge');
    await page.goto(`${suite.url}/admin/templates`);
    await expect.poll(() => cardBadge.textContent()).toBe('Draft');

    await saveFieldsByApi(suite.url, suite.tokens, {
      templateName: 'Badges',
      inputs: [textField('Name')],
    });
    expect((await publishByApi(suite.url, suite.tokens, 'Badges')).status).toBe(200);
    await page.reload();
    await expect.poll(() => cardBadge.textContent()).toBe('v1');

    await saveFieldsByApi(suite.url, suite.tokens, {
      templateName: 'Badges',
      inputs: [textField('Name'), textField('City', { y: 200 })],
    });
    await page.reload();
    await expect.poll(() => cardBadge.textContent()).toBe('v1 · unpublished changes');
    await card.click();
    await waitForPageDrawn(page, 1);
    await expect.poll(() => headerBadge(page).textContent()).toBe('v1 · unpublished changes');
    await context.close();
  });

  it('publishes a breaking change only after showing the difference and asking', async () => {
    await publishedTemplate(suite, 'Breaking', [
      [textField('Name'), textField('City', { y: 200 })],
    ]);
    // The draft renames City (same box) and adds a field.
    await saveFieldsByApi(suite.url, suite.tokens, {
      templateName: 'Breaking',
      inputs: [textField('Name'), textField('Town', { y: 200 }), textField('Zip', { y: 300 })],
    });
    const { page, context } = await open();
    await openTemplatePage(page, suite.url, 'Breaking');
    await gearMenu(page, 'Edit template');
    await page.getByRole('button', { name: 'Editing mode' }).click();
    await page.getByRole('menuitem', { name: 'Publish changes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish changes' });
    await dialog.getByText('The draft becomes version 2. Compared with version 1:').waitFor();
    const changes = dialog.getByTestId('change-list');
    await changes.getByText('Renamed "City" to "Town"').waitFor();
    await changes.getByText('Added "Zip" (Small Text)').waitFor();
    expect(await changes.locator('[data-breaking="true"]').count()).toBe(1);
    await changes.getByText('Values sent as "City" will be ignored', { exact: false }).waitFor();
    await dialog.getByLabel('Note').fill('Town instead of City');
    await shoot(page, 'publish-review-1440-dark');
    await expectAccessible(page, 'publish dialog');

    await dialog.getByRole('button', { name: 'Publish breaking changes…' }).click();
    await dialog.getByText('These changes break integrations built for version 1.').waitFor();
    await shoot(page, 'publish-confirm-1440-dark');
    // Asked, not sent: nothing is published until the user says so.
    expect(await listVersionsByApi(suite.url, suite.tokens, 'Breaking')).toHaveLength(1);
    await dialog.getByRole('button', { name: 'Publish anyway' }).click();
    const done = page.getByRole('dialog', { name: 'Version 2 published' });
    await done.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => headerBadge(page).textContent()).toBe('v2');
    const [latest] = await listVersionsByApi(suite.url, suite.tokens, 'Breaking');
    expect(latest).toMatchObject({ version: 2, note: 'Town instead of City' });
    expect(latest?.changes.map((change) => change.kind).sort()).toEqual(['added', 'renamed']);
    await context.close();
  });

  it('lists the history, opens a past version read-only and restores it as the draft', async () => {
    await publishedTemplate(suite, 'History', [
      [textField('Name')],
      [textField('Name'), textField('Email', { y: 200 })],
    ]);
    const { page, context } = await open();
    await openTemplatePage(page, suite.url, 'History');
    await page.getByRole('button', { name: 'Versions' }).click();
    const panel = page.getByRole('dialog', { name: 'Versions' });
    const cards = panel.getByTestId('version-card');
    await expect.poll(() => cards.count()).toBe(2);
    const [second, first] = [cards.nth(0), cards.nth(1)];
    expect(await second.getAttribute('data-version')).toBe('2');
    await second.getByText('Latest').waitFor();
    await second.getByText('Release 2').waitFor();
    await second.getByText('2 fields').waitFor();
    await second.getByText('1 added').waitFor();
    await second.getByText(/ by .+@/).waitFor();
    await first.getByText('1 field', { exact: true }).waitFor();
    await shoot(page, 'versions-panel-1440-dark');
    await expectAccessible(page, 'versions panel');

    await panel.getByRole('button', { name: 'Open version 1' }).click();
    await page.getByText('Version 1 — read only').waitFor();
    expect(new URL(page.url()).searchParams.get('version')).toBe('1');
    await waitForPageDrawn(page, 1);
    await box(page, 'Name').waitFor();
    expect(await box(page, 'Email').count()).toBe(0);
    expect(await box(page, 'Name').getAttribute('data-interactive')).toBe('false');
    // No editing controls: no gear menu, no tabs, no Save.
    expect(await page.getByRole('button', { name: 'Template actions' }).count()).toBe(0);
    expect(await page.getByRole('tab').count()).toBe(0);
    await shoot(page, 'version-read-only-1440-dark');
    await expectAccessible(page, 'read-only version');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    expect((await download).suggestedFilename()).toBe('History v1.pdf');
    const popup = page.waitForEvent('popup');
    const sample = page.waitForResponse((r) => r.url().endsWith('/v1/document/generate/template'));
    await page.getByRole('button', { name: 'Generate sample' }).click();
    const answer = await sample;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['x-template-version']).toBe('1');
    expect(answer.request().postDataJSON()).toMatchObject({ version: 1, test: true });
    await (await popup).close();

    await page.getByRole('button', { name: 'Restore this version' }).click();
    const ask = page.getByRole('dialog', { name: 'Restore version 1?' });
    await ask.getByRole('button', { name: 'Restore version 1' }).click();
    await page
      .getByRole('dialog', { name: 'Version 1 restored' })
      .getByRole('button', { name: 'OK' })
      .click();
    expect(new URL(page.url()).searchParams.get('version')).toBeNull();
    await expect.poll(() => headerBadge(page).textContent()).toBe('v2 · unpublished changes');
    await box(page, 'Name').waitFor();
    await expect.poll(() => box(page, 'Email').count()).toBe(0);
    const draft = (await fetchTemplateByApi(suite.url, suite.tokens, 'History')).body;
    expect(draft.inputs.map((input) => input.label)).toEqual(['Name']);
    await context.close();
  });

  it('keeps the work when someone else saved meanwhile, and saves it over theirs when asked', async () => {
    await publishedTemplate(suite, 'Conflict', []);
    await saveFieldsByApi(suite.url, suite.tokens, {
      templateName: 'Conflict',
      inputs: [textField('Name')],
    });
    const { page, context } = await open();
    await openTemplatePage(page, suite.url, 'Conflict');
    await gearMenu(page, 'Edit template');
    await box(page, 'Name').click();
    await page.getByTestId('field-panel').getByRole('textbox', { name: 'Label' }).fill('Mine');
    // Another tab saves the template in the meantime.
    await saveFieldsByApi(suite.url, suite.tokens, {
      templateName: 'Conflict',
      inputs: [textField('Theirs')],
    });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const conflict = page.getByRole('dialog', { name: 'Someone else saved this template' });
    await conflict.getByText('Your changes are still here in the editor.').waitFor();
    await shoot(page, 'conflict-1440-dark');
    await conflict.getByRole('button', { name: 'Keep my changes in the editor' }).click();
    await conflict.waitFor({ state: 'detached' });
    await box(page, 'Mine').waitFor();
    expect((await fetchTemplateByApi(suite.url, suite.tokens, 'Conflict')).body.inputs).toEqual([
      expect.objectContaining({ label: 'Theirs' }),
    ]);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await conflict.getByRole('button', { name: 'Save mine over theirs' }).click();
    await page
      .getByRole('dialog', { name: 'Template updated' })
      .getByRole('button', { name: 'OK' })
      .click();
    expect((await fetchTemplateByApi(suite.url, suite.tokens, 'Conflict')).body.inputs).toEqual([
      expect.objectContaining({ label: 'Mine' }),
    ]);

    // Or the user lets their work go and sees the saved draft instead.
    await gearMenu(page, 'Edit template');
    await box(page, 'Mine').click();
    await page.getByTestId('field-panel').getByRole('textbox', { name: 'Label' }).fill('Again');
    await saveFieldsByApi(suite.url, suite.tokens, {
      templateName: 'Conflict',
      inputs: [textField('Newer')],
    });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await conflict.getByRole('button', { name: 'Load the saved template' }).click();
    await box(page, 'Newer').waitFor();
    expect(await box(page, 'Again').count()).toBe(0);
    await context.close();
  });

  it("saves after a saved field was deleted on the server: that revision is the editor's own", async () => {
    await publishedTemplate(suite, 'Deleted', [[textField('Gone'), textField('Kept', { y: 200 })]]);
    const { page, context } = await open();
    await openTemplatePage(page, suite.url, 'Deleted');
    await gearMenu(page, 'Edit template');
    await box(page, 'Gone').click();
    await page.getByRole('button', { name: 'Delete field Gone' }).click();
    await page.getByRole('button', { name: 'Yes, delete it!' }).click();
    await box(page, 'Gone').waitFor({ state: 'detached' });
    await expect.poll(() => headerBadge(page).textContent()).toBe('v1 · unpublished changes');
    await box(page, 'Kept').click();
    await page
      .getByTestId('field-panel')
      .getByRole('textbox', { name: 'Label' })
      .fill('Still here');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Template updated' })
      .getByRole('button', { name: 'OK' })
      .click();
    const saved = (await fetchTemplateByApi(suite.url, suite.tokens, 'Deleted')).body;
    expect(saved.inputs.map((input) => input.label)).toEqual(['Still here']);
    await context.close();
  });

  it('saves right after a rename, before the renamed template is fetched again', async () => {
    await uploadTemplateByApi(suite.url, suite.tokens, 'Old name', await corpusPdf(TWO_PAGES));
    await saveFieldsByApi(suite.url, suite.tokens, {
      templateName: 'Old name',
      inputs: [textField('Name')],
    });
    const { page, context } = await open();
    await openTemplatePage(page, suite.url, 'Old name');
    await gearMenu(page, 'Edit template');
    await box(page, 'Name').click();
    await page.getByTestId('field-panel').getByRole('textbox', { name: 'Label' }).fill('Renamed');
    // The template under its new name answers only after the save: the editor has only the
    // rename's answer to go on.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/v1\/template\/New%20name$/, async (route) => {
      if (route.request().method() === 'GET') await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Rename template' }).click();
    const rename = page.getByRole('dialog', { name: 'Change template name' });
    await rename.getByText('Integrations calling it by name will break').waitFor();
    await rename.getByText('Calls that send', { exact: false }).waitFor();
    await shoot(page, 'rename-warning-1440-dark');
    await expectAccessible(page, 'rename warning');
    await rename.getByRole('textbox', { name: 'Template name' }).fill('New name');
    await rename.getByRole('button', { name: 'Save name' }).click();
    await page
      .getByRole('dialog', { name: 'Success!' })
      .getByRole('button', { name: 'OK' })
      .click();
    await page.waitForURL(/New%20name/);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Template updated' })
      .getByRole('button', { name: 'OK' })
      .click();
    release();
    const saved = (await fetchTemplateByApi(suite.url, suite.tokens, 'New name')).body;
    expect(saved.inputs.map((input) => input.label)).toEqual(['Renamed']);
    await context.close();
  });

  it('lists the fields a new PDF leaves off its pages, marks them and moves them back', async () => {
    await uploadTemplateByApi(suite.url, suite.tokens, 'Shrunk', await corpusPdf(TWO_PAGES));
    await saveFieldsByApi(suite.url, suite.tokens, {
      templateName: 'Shrunk',
      inputs: [textField('Top'), textField('Low', { y: 600 }), textField('Back', { page: 2 })],
    });
    const { page, context } = await open();
    await openTemplatePage(page, suite.url, 'Shrunk');
    await gearMenu(page, 'Replace template');
    const replace = page.getByRole('dialog', { name: 'Replace template' });
    await replace.locator('input[type="file"]').setInputFiles(await corpusPdf(ONE_SHORT_PAGE));
    await replace.getByTestId('chosen-file').waitFor();
    await replace.getByRole('button', { name: 'REPLACE' }).click();
    const result = page.getByRole('dialog', { name: 'Replacement successful!' });
    await result
      .getByText('These fields lie off the new pages and are marked red: Low, Back.', {
        exact: false,
      })
      .waitFor();
    await result.getByRole('button', { name: 'OK' }).click();
    await waitForPageDrawn(page, 1);
    await page
      .getByTestId('out-of-bounds-alert')
      .getByText('Low (page 1), Back (page 2)', {
        exact: false,
      })
      .waitFor();
    expect(await box(page, 'Low').getAttribute('data-out-of-bounds')).toBe('true');
    expect(await box(page, 'Top').getAttribute('data-out-of-bounds')).toBe('false');
    await shoot(page, 'out-of-bounds-1440-dark');

    await page.getByRole('button', { name: 'Edit template to move them' }).click();
    await page.getByRole('button', { name: 'Move them onto the pages' }).click();
    await page.getByTestId('out-of-bounds-alert').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Template updated' })
      .getByRole('button', { name: 'OK' })
      .click();
    const saved = (await fetchTemplateByApi(suite.url, suite.tokens, 'Shrunk')).body;
    expect(saved.inputs.map((input) => input.page)).toEqual([1, 1, 1]);
    await context.close();
  });

  describe('looks right in both themes and on a phone', () => {
    beforeAll(async () => {
      await publishedTemplate(suite, 'Looks', [
        [textField('Name')],
        [textField('Name'), textField('City')],
      ]);
      await saveFieldsByApi(suite.url, suite.tokens, {
        templateName: 'Looks',
        inputs: [textField('Full name'), textField('City', { y: 200 })],
      });
      await uploadTemplateByApi(suite.url, suite.tokens, 'Fresh', await corpusPdf(TWO_PAGES));
    });

    // One test a view, so each is bounded on its own: the three walks took 57 s on an idle
    // two-core machine, and ran out of 120 s together beside the other vitest run.
    it.for([
      ['light', 1440],
      ['dark', 390],
      ['light', 390],
    ] as const)('%s at %i px', async ([theme, width]) => {
      const at = `${width}-${theme}`;
      const { page, context } = await open({ theme, width });
      await openTemplatePage(page, suite.url, 'Fresh');
      await expect.poll(() => headerBadge(page).textContent()).toBe('Draft');
      await expectAccessible(page, `a draft's header ${at}`);
      await openTemplatePage(page, suite.url, 'Looks');
      await shoot(page, `header-${at}`);
      await page.getByRole('button', { name: 'Versions' }).click();
      await page
        .getByRole('dialog', { name: 'Versions' })
        .getByTestId('version-card')
        .first()
        .waitFor();
      await shoot(page, `versions-panel-${at}`);
      await expectAccessible(page, `versions panel ${at}`);
      await page.getByRole('button', { name: 'Publish changes' }).click();
      await page
        .getByRole('dialog', { name: 'Publish changes' })
        .getByTestId('change-list')
        .waitFor();
      await shoot(page, `publish-review-${at}`);
      await expectAccessible(page, `publish dialog ${at}`);
      await page.keyboard.press('Escape');
      await page.goto(`${suite.url}/admin/templates/Looks?version=1`);
      await page.getByText('Version 1 — read only').waitFor();
      await waitForPageDrawn(page, 1);
      await shoot(page, `version-read-only-${at}`);
      await page.goto(`${suite.url}/admin/templates/Looks?tab=form`);
      await page.getByTestId('form-fills').waitFor();
      await shoot(page, `form-version-${at}`);
      await context.close();
    });
  });
});
