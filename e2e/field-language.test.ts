import { describe, expect, it } from 'vitest';
import { expectAccessible, hasChromium, saveScreenshot } from './support/browser.ts';
import { editorSuite, openSignedIn } from './support/editor-suite.ts';
import {
  choosePanelOption,
  configureSelected,
  dragOnPage,
  fetchTemplateByApi,
  openForEditing,
  pdfPage,
  saveInEditor,
} from './support/templates.ts';

describe.skipIf(!hasChromium)('a field’s language', () => {
  const suite = editorSuite('language', { Address: 'two-pages-second-turned.pdf' });

  it('is set in the field panel for text fields only, and saved as a BCP 47 tag', async () => {
    const { page, context } = await openSignedIn(suite, { theme: 'light', width: 1440 });
    const width = await openForEditing(page, suite, 'Address');

    await dragOnPage(page, pdfPage(page, 1), width, { x: 60, y: 100 }, { x: 300, y: 125 });
    await configureSelected(page, 'Small Text', 'Street');
    const select = page
      .getByTestId('field-panel')
      .getByRole('textbox', { name: 'Text language', exact: true });
    expect(await select.getAttribute('placeholder')).toBe('Decided by the text');
    await choosePanelOption(page, 'Text language', 'Chinese (Traditional)');
    await saveScreenshot(page, 'field-language-panel-1440-light');
    await expectAccessible(page, 'field panel with a language');

    await dragOnPage(page, pdfPage(page, 1), width, { x: 60, y: 160 }, { x: 300, y: 185 });
    await configureSelected(page, 'Checkbox', 'Agreed');
    expect(await select.count()).toBe(0);
    await saveInEditor(page);

    const saved = (await fetchTemplateByApi(suite.url, suite.tokens, 'Address')).body;
    const inputs = saved.inputs as { label: string; language?: string }[];
    expect(Object.fromEntries(inputs.map((input) => [input.label, input.language]))).toEqual({
      Street: 'zh-Hant',
      Agreed: undefined,
    });
    await context.close();
  });
});
