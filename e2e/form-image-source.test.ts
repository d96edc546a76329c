import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../apps/server/test/pdf-fixtures.ts';
import { expectAccessible, hasChromium, saveScreenshot } from './support/browser.ts';
import { editorSuite, openSignedIn } from './support/editor-suite.ts';
import { corpusImage, saveFieldsByApi, uploadTemplateByApi } from './support/templates.ts';

const TEMPLATE = 'Badges';

describe.skipIf(!hasChromium)('an image field of the Form tab: a file or a URL', () => {
  const suite = editorSuite('form-image-source');
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platen-image-source-'));
    writeFileSync(join(dir, 'form.pdf'), await makePdf());
    await uploadTemplateByApi(suite.url, suite.tokens, TEMPLATE, join(dir, 'form.pdf'));
    await saveFieldsByApi(suite.url, suite.tokens, {
      templateName: TEMPLATE,
      inputs: [
        { label: 'Logo', fieldType: 'image', rectY: 60, rectHeight: 90 },
        { label: 'Holder', fieldType: 'text', rectY: 200, rectHeight: 24 },
      ].map((input) => ({ page: 1, rectX: 60, rectWidth: 200, fontSize: 12, ...input })),
    });
  });

  for (const { width, height, theme } of [
    { width: 1440, height: 900, theme: 'light' },
    { width: 390, height: 844, theme: 'dark' },
  ] as const) {
    it(`shows which is sent, keeps an upload under a typed URL and refuses http:// as typed at ${width} px`, async () => {
      const { page, context } = await openSignedIn(suite, { theme, width, height });
      const generateCalls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/v1/document/generate')) generateCalls.push(request.url());
      });
      await page.goto(`${suite.url}/admin/templates/${TEMPLATE}?tab=form`);
      const source = page.getByRole('radiogroup', { name: 'Picture source for Logo' });
      await source.waitFor();
      const preview = page.getByTestId('json-preview');
      const previewText = async () => (await preview.textContent())?.replace(/\s+/g, '');
      // The example picture is an upload: File is the choice shown.
      expect(await source.getByRole('radio', { name: 'File' }).isChecked()).toBe(true);

      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Upload picture for Logo' }).click();
      await (await chooser).setFiles(await corpusImage('photo-rgb-960x540.jpg'));
      await page.getByText('photo-rgb-960x540.jpg').waitFor();
      await expect.poll(previewText).toContain('"Logo":"data:image/jpeg;base64,');

      // A URL is a choice of its own: typing one does not touch the upload.
      await source.getByText('URL').click();
      expect(await source.getByRole('radio', { name: 'URL' }).isChecked()).toBe(true);
      const url = page.getByRole('textbox', { name: 'Picture URL for Logo' });
      expect(await url.inputValue()).toBe('');
      // An http:// address is refused as it is typed, under the input.
      await url.fill('http://example.com/logo.png');
      const refusal = page.getByText('Only https:// addresses are fetched, not http:// or others.');
      await refusal.waitFor();
      expect(await url.getAttribute('aria-invalid')).toBe('true');
      await saveScreenshot(page, `form-image-http-${width}-${theme}`);
      await expectAccessible(page, `form tab with a refused picture URL at ${width} px`);
      // Generate sends nothing while the address is refused: no request, no toast.
      await page.getByRole('button', { name: 'Generate' }).click();
      expect(await url.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);

      // Half an address is told off once the input is left, not at each keystroke.
      await url.fill('htt');
      expect(await refusal.count()).toBe(0);
      await url.fill('example.com/logo.png');
      await url.blur();
      await page.getByText(/^Not a web address: give it whole/).waitFor();
      await url.fill('https://example.com/logo.png');
      expect(await page.getByText(/^Not a web address/).count()).toBe(0);
      expect(await url.getAttribute('aria-invalid')).not.toBe('true');
      await expect.poll(previewText).toContain('"Logo":"https://example.com/logo.png"');

      // Back to File: the upload is still there, and sent again.
      await source.getByText('File').click();
      await page.getByText('photo-rgb-960x540.jpg').waitFor();
      await page.getByRole('img', { name: 'Preview of Logo' }).waitFor();
      await expect.poll(previewText).toContain('"Logo":"data:image/jpeg;base64,');
      await saveScreenshot(page, `form-image-file-kept-${width}-${theme}`);
      // Generate now makes the PDF: the one call of this page, so the refused click sent none.
      const popup = page.waitForEvent('popup');
      await page.getByRole('button', { name: 'Generate' }).click();
      await (await popup).close();
      expect(generateCalls).toHaveLength(1);
      expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
      await context.close();
    });
  }
});
