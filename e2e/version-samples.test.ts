import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, waitForAnimations } from './support/browser.ts';
import { editorSuite, openSignedIn } from './support/editor-suite.ts';
import { saveFieldsByApi } from './support/templates.ts';
import { openTemplatePage, publishedTemplate, textField } from './support/versions.ts';

/** Looked at by a person, outside the repository. */
const SHOTS = '/tmp/platen-version-samples-shots';

const choiceField = (label: string, y: number, values: string[]) => ({
  ...textField(label, { y }),
  fieldType: 'choice',
  options: values.map((value) => ({ value, label: value.toUpperCase() })),
});

const POSITION = choiceField('Position', 160, ['eng', 'mgr', 'des']);

describe.skipIf(!hasChromium)("a published version's samples", () => {
  const suite = editorSuite('version-samples');

  const shoot = async (page: Page, name: string) => {
    mkdirSync(SHOTS, { recursive: true });
    await waitForAnimations(page);
    await page.screenshot({ path: `${SHOTS}/${name}.png` });
  };

  /** Clicks the sample button and answers the generate request it sent, once a PDF opened. */
  const sampleFrom = async (page: Page, click: () => Promise<void>) => {
    const popup = page.waitForEvent('popup');
    const sent = page.waitForResponse((r) => r.url().endsWith('/v1/document/generate/template'));
    await click();
    const answer = await sent;
    await (await popup).close();
    return answer;
  };

  const toasts = (page: Page) => page.locator('.mantine-Notification-root');

  it('makes a PDF of a version with a choice field, from the Versions panel and the read-only view', async () => {
    await publishedTemplate(suite, 'Staff', [[textField('Name'), POSITION]]);
    for (const width of [1440, 390]) {
      const { page, context } = await openSignedIn(suite, { width });
      await openTemplatePage(page, suite.url, 'Staff');
      await page.getByRole('button', { name: 'Versions' }).click();
      const panel = page.getByRole('dialog', { name: 'Versions' });
      const fromPanel = await sampleFrom(page, () =>
        panel.getByRole('button', { name: 'Generate a sample of version 1' }).click(),
      );
      expect(fromPanel.status(), await fromPanel.text()).toBe(200);
      expect(fromPanel.headers()['content-type']).toBe('application/pdf');
      expect(fromPanel.request().postDataJSON()).toMatchObject({
        version: 1,
        test: true,
        fields: { Position: 'eng' },
      });
      await shoot(page, `versions-panel-sample-${width}`);
      expect(await toasts(page).count()).toBe(0);

      await panel.getByRole('button', { name: 'Open version 1' }).click();
      await page.getByText('Version 1 — read only').waitFor();
      const fromView = await sampleFrom(page, () =>
        page.getByRole('button', { name: 'Generate sample' }).click(),
      );
      expect(fromView.status(), await fromView.text()).toBe(200);
      await shoot(page, `read-only-sample-${width}`);
      expect(await toasts(page).count()).toBe(0);
      await context.close();
    }
  });

  it("prefills the draft's new choice field in the Form tab with its first option", async () => {
    await publishedTemplate(suite, 'Teams', [[textField('Name')]]);
    await saveFieldsByApi(suite.url, suite.tokens, {
      templateName: 'Teams',
      inputs: [textField('Name'), choiceField('Team', 200, ['red', 'blue'])],
    });
    const { page, context } = await openSignedIn(suite);
    await openTemplatePage(page, suite.url, 'Teams');
    await page.getByRole('tab', { name: '2 Form' }).click();
    await page.locator('label', { hasText: /^Draft$/ }).click();
    const team = page.getByRole('textbox', { name: 'Team', exact: true });
    await expect.poll(() => team.inputValue()).toBe('RED (red)');
    await page.getByTestId('json-preview').getByText('"red"').waitFor();
    await shoot(page, 'form-draft-prefill-1440');
    await context.close();
  });
});
