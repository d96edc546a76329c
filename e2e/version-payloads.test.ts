import { describe, expect, it } from 'vitest';
import { expectAccessible, hasChromium, saveScreenshot } from './support/browser.ts';
import { editorSuite, openSignedIn } from './support/editor-suite.ts';
import {
  corpusPdf,
  fetchTemplateByApi,
  saveFieldsByApi,
  uploadTemplateByApi,
} from './support/templates.ts';
import { openTemplatePage, publishedTemplate, textField } from './support/versions.ts';

/** What the Form and Api tabs fill: the version the API fills by default, or the draft. */
describe.skipIf(!hasChromium)('the payload of each version in the app', () => {
  const suite = editorSuite('payloads');

  it('fills what the API uses from the Form tab, or the draft when chosen', async () => {
    await publishedTemplate(suite, 'Pinned', [[textField('Name')]]);
    await saveFieldsByApi(suite.url, suite.tokens, {
      templateName: 'Pinned',
      inputs: [textField('Name'), textField('Extra', { y: 200 })],
    });
    const { page, context } = await openSignedIn(suite);
    await openTemplatePage(page, suite.url, 'Pinned');
    await page.getByRole('tab', { name: '2 Form' }).click();
    const fills = page.getByTestId('form-fills');
    await expect
      .poll(() => fills.textContent())
      .toContain('Generate fills version 1, the version the API fills by default.');
    await page.getByTestId('json-preview').getByText('"version": 1').waitFor();
    // Version 1's own fields: the draft's new one is not part of its payload.
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada');
    await expect.poll(() => page.getByRole('textbox', { name: 'Extra' }).count()).toBe(0);

    const generate = async () => {
      const popup = page.waitForEvent('popup');
      const response = page.waitForResponse((r) =>
        r.url().endsWith('/v1/document/generate/template'),
      );
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      const answer = await response;
      await (await popup).close();
      return answer;
    };
    const pinned = await generate();
    expect(pinned.headers()['x-template-version']).toBe('1');
    expect(pinned.request().postDataJSON()).toEqual({
      templateName: 'Pinned',
      version: 1,
      fields: { Name: 'Ada' },
    });
    await saveScreenshot(page, 'versions-form-1440-dark');
    await expectAccessible(page, 'form tab with versions');

    await page
      .locator('label')
      .filter({ hasText: /^Draft$/ })
      .click();
    await expect.poll(() => fills.textContent()).toContain('Generate fills the saved draft.');
    // The draft's own fields, from its schema: the new one is in the form and the payload.
    await page.getByRole('textbox', { name: 'Extra' }).waitFor();
    await page.getByTestId('json-preview').getByText('"Extra"').waitFor();
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('Ada');
    const draft = await generate();
    expect(draft.headers()['x-template-version']).toBe('draft');
    expect(draft.request().postDataJSON()).toMatchObject({ version: 'draft' });

    // The Api tab's examples are what the API fills: version 1, without the draft's new field.
    await page.getByRole('tab', { name: '3 Api' }).click();
    await expect
      .poll(() => page.getByTestId('example-version').textContent())
      .toBe(
        'These examples fill version 1, the version the API fills by default. The draft has unpublished changes: the example PDF shows them, and publishing puts them here.',
      );
    const curl = page.getByTestId('curl-call');
    expect(await curl.textContent()).toContain('"fields":{"Name":"Jane Doe"}');
    expect(await curl.textContent()).not.toContain('Extra');
    await page.locator('label').filter({ hasText: 'Node.js' }).click();
    const node = page.getByTestId('node-call');
    expect(await node.textContent()).toContain('"Name": "Jane Doe"');
    expect(await node.textContent()).not.toContain('Extra');
    await saveScreenshot(page, 'versions-api-example-1440-dark');
    const sample = page.waitForResponse((r) => r.url().endsWith('/v1/document/tryout/template'));
    const samplePopup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Generate example PDF' }).click();
    // The example PDF is the editor's look at the draft, its new field included.
    expect((await sample).headers()['x-template-version']).toBe('draft');
    await (await samplePopup).close();

    // It names the template both ways and shows what generate accepts.
    const { id } = (await fetchTemplateByApi(suite.url, suite.tokens, 'Pinned')).body;
    expect(await page.getByRole('textbox', { name: 'templateName' }).inputValue()).toBe('Pinned');
    expect(await page.getByRole('textbox', { name: 'templateId' }).inputValue()).toBe(id);
    await page.getByRole('button', { name: 'Payload JSON Schema' }).click();
    const schema = page.getByRole('dialog', { name: 'Payload schema — version 1' });
    await schema.getByTestId('schema-view').getByText('"Name"').waitFor();
    await saveScreenshot(page, 'versions-api-schema-1440-dark');
    await expectAccessible(page, 'payload schema');
    await page.keyboard.press('Escape');
    await schema.waitFor({ state: 'detached' });

    // Published from the Form tab: the form follows the new version, the draft's field included.
    await page.getByRole('tab', { name: '2 Form' }).click();
    await page.getByRole('button', { name: 'Versions' }).click();
    await page.getByRole('button', { name: 'Publish changes' }).click();
    await page.getByRole('button', { name: 'Publish version 2' }).click();
    await page
      .getByRole('dialog', { name: 'Version 2 published' })
      .getByRole('button', { name: 'OK' })
      .click();
    await expect
      .poll(() => fills.textContent())
      .toContain('Generate fills version 2, the version the API fills by default.');
    await page.getByRole('textbox', { name: 'Extra' }).waitFor();
    await page.getByTestId('json-preview').getByText('"version": 2').waitFor();
    await context.close();
  });

  it("fills the draft's example while the template was never published", async () => {
    await uploadTemplateByApi(
      suite.url,
      suite.tokens,
      'Unpublished',
      await corpusPdf('two-pages-second-turned.pdf'),
    );
    await saveFieldsByApi(suite.url, suite.tokens, {
      templateName: 'Unpublished',
      inputs: [textField('Name'), textField('Extra', { y: 200 })],
    });
    const { page, context } = await openSignedIn(suite);
    await openTemplatePage(page, suite.url, 'Unpublished');
    await page.getByRole('tab', { name: '3 Api' }).click();
    await expect
      .poll(() => page.getByTestId('example-version').textContent())
      .toBe(
        'These examples fill the draft: the template was never published, so the API fills the draft.',
      );
    expect(await page.getByTestId('curl-call').textContent()).toContain(
      '"fields":{"Name":"Jane Doe","Extra":"Jane Doe"}',
    );
    await page.getByRole('tab', { name: '2 Form' }).click();
    await page.getByRole('textbox', { name: 'Extra' }).waitFor();
    await context.close();
  });
});
