import { execFileSync } from 'node:child_process';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  expectAccessible,
  expectContrastChecked,
  hasChromium,
  saveScreenshot,
} from './support/browser.ts';
import { expectToast } from './support/ui.ts';
import { editorSuite, openSignedIn } from './support/editor-suite.ts';
import {
  configureSelected,
  corpusImage,
  corpusPdf,
  dragOnPage,
  fetchTemplateByApi,
  gearMenu,
  pageView,
  pdfPage,
  saveFieldsByApi,
  saveInEditor,
  uploadTemplateByApi,
  waitForPageDrawn,
} from './support/templates.ts';
import { keepBlobs, readPopupPdf } from './support/pdf-tabs.ts';

/** The pictures a PDF holds, from poppler's `pdfimages -list`. */
const imagesIn = (pdf: Buffer) => {
  const dir = mkdtempSync(join(tmpdir(), 'platen-images-'));
  writeFileSync(join(dir, 'doc.pdf'), pdf);
  const list = execFileSync('pdfimages', ['-list', join(dir, 'doc.pdf')], { encoding: 'utf8' });
  return list
    .split('\n')
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => {
      const [, , , width, height] = line.trim().split(/\s+/);
      return { width: Number(width), height: Number(height) };
    });
};

/** Word boxes of one page from poppler's `pdftotext -bbox`, in points from the top-left. */
const wordsOnPage = (pdf: Buffer, page: number) => {
  const dir = mkdtempSync(join(tmpdir(), 'platen-bbox-'));
  writeFileSync(join(dir, 'doc.pdf'), pdf);
  const html = execFileSync(
    'pdftotext',
    ['-bbox', '-f', String(page), '-l', String(page), join(dir, 'doc.pdf'), '-'],
    {
      encoding: 'utf8',
    },
  );
  return [
    ...html.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ),
  ].map((m) => ({
    xMin: Number(m[1]),
    yMin: Number(m[2]),
    xMax: Number(m[3]),
    yMax: Number(m[4]),
    text: m[5],
  }));
};

describe.skipIf(!hasChromium)('the Form and Api tabs, and the template actions', () => {
  const suite = editorSuite('tabs', { Letters: 'two-pages-second-turned.pdf' });

  const open = async (width = 1440, theme: 'dark' | 'light' = 'dark') => {
    const opened = await openSignedIn(suite, { theme, width });
    await keepBlobs(opened.context);
    await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: suite.url,
    });
    return opened;
  };

  it('generates from the Form tab a PDF whose text lands in the box drawn on screen (≤ 1 pt), on a rotated page', async () => {
    const { page, context } = await open();
    await page.goto(`${suite.url}/admin/templates/Letters`);
    await waitForPageDrawn(page, 1);
    const pages = (await fetchTemplateByApi(suite.url, suite.tokens, 'Letters')).body.pages;
    await gearMenu(page, 'Edit template');
    const second = pdfPage(page, 2);
    await second.scrollIntoViewIfNeeded();
    await waitForPageDrawn(page, 2);
    const width = pages[1]?.width ?? 0;
    await dragOnPage(page, second, width, { x: 120, y: 150 }, { x: 420, y: 190 });
    await configureSelected(page, 'Small Text', 'city');
    // Where the box is on screen, in page points: the claim under test.
    const drawn = await page.locator('[data-testid="field-box"][data-label="city"]').boundingBox();
    const view = await pageView(second, width);
    if (!drawn) throw new Error('no box');
    const box = {
      x: (drawn.x - view.left) / view.scale,
      y: (drawn.y - view.top) / view.scale,
      w: drawn.width / view.scale,
      h: drawn.height / view.scale,
    };
    await saveInEditor(page);

    await page.getByRole('tab', { name: '2 Form' }).click();
    // Past 120 characters the text box stays the same input, and keeps the focus.
    const city = page.getByLabel('city');
    await city.fill('x'.repeat(120));
    await city.press('y');
    expect(
      await city.evaluate((el: HTMLInputElement) => [
        el.tagName,
        el === document.activeElement,
        el.value.length,
      ]),
    ).toEqual(['INPUT', true, 121]);
    await city.fill('Zürich');
    await page.getByTestId('json-preview').getByText('Zürich').waitFor();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Template name' }).isEditable())
      .toBe(false);
    await saveScreenshot(page, 'editor-form-tab-1440-dark');
    await expectAccessible(page, 'form tab');
    const pdf = await readPopupPdf(page, () =>
      page.getByRole('button', { name: 'Generate' }).click(),
    );
    const word = wordsOnPage(pdf, 2).find((w) => w.text === 'Zürich');
    expect(word, 'the value is on page 2').toBeDefined();
    if (!word) return;
    expect(word.xMin).toBeGreaterThanOrEqual(box.x - 1);
    expect(word.yMin).toBeGreaterThanOrEqual(box.y - 1);
    expect(word.xMax).toBeLessThanOrEqual(box.x + box.w + 1);
    expect(word.yMax).toBeLessThanOrEqual(box.y + box.h + 1);
    // Left-aligned: the text starts at the box's left edge, give or take the engine's padding.
    expect(word.xMin - box.x).toBeLessThan(6);
    await context.close();
  });

  it('reveals and copies the API key, copies the curl call and opens the example PDF', async () => {
    const { page, context } = await open();
    await page.goto(`${suite.url}/admin/templates/Letters`);
    await page.getByRole('tab', { name: '3 Api' }).click();
    const { apiKey } = (await fetchTemplateByApi(suite.url, suite.tokens, 'Letters')).body;
    const key = page.getByRole('textbox', { name: 'API key' });
    const curl = page.getByTestId('curl-call');
    const dialogs = page.getByRole('dialog');
    // Masked: the key is in neither the field nor the curl example printed below it.
    expect(await key.inputValue()).not.toContain(apiKey);
    expect(await curl.textContent()).not.toContain(apiKey);
    expect(await curl.textContent()).toContain('x-api-key: ••••');
    await saveScreenshot(page, 'editor-api-tab-masked-1440-dark');
    // Copying the masked curl example copies the real key, with a toast, not a dialog.
    await page.getByRole('button', { name: 'Copy cURL command' }).click();
    await expectToast(page, 'Success', 'cURL command copied to clipboard.');
    expect(await dialogs.count()).toBe(0);
    const copiedCurl = await page.evaluate(() => navigator.clipboard.readText());
    expect(copiedCurl).toContain(`x-api-key: ${apiKey}`);

    await page.getByRole('switch', { name: 'Show API key' }).check({ force: true });
    await expect.poll(() => key.inputValue()).toBe(apiKey);
    await expect.poll(() => curl.textContent()).toBe(copiedCurl);
    await page.getByRole('button', { name: 'Copy API key' }).click();
    await expectToast(page, 'Success', 'API Key copied to clipboard.');
    expect(await dialogs.count()).toBe(0);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(apiKey);
    // The same call with the typed client, which takes the key from the environment.
    await page.locator('label').filter({ hasText: 'Node.js' }).click();
    const node = page.getByTestId('node-call');
    expect(await node.textContent()).toContain(
      "import { createPlatenClient } from '@platen/client';",
    );
    expect(await node.textContent()).toContain('platen.generate("Letters", {');
    expect(await node.textContent()).not.toContain(apiKey);
    await page.getByRole('button', { name: 'Copy Node.js example' }).click();
    await expectToast(page, 'Success', 'Node.js example copied to clipboard.');
    // The viewport alone: a whole-page capture resizes the viewport, and the layout it re-mounts
    // could take the clicks below on a busy machine (saveScreenshot).
    await saveScreenshot(page, 'editor-api-tab-node-1440-dark', { fullPage: false });
    await page.locator('label').filter({ hasText: 'cURL example' }).click();
    await curl.waitFor();
    // A browser that refuses both ways of copying gets an error, not a false Success.
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new Error('NotAllowedError'));
      document.execCommand = () => false;
    });
    await page.getByRole('button', { name: 'Copy cURL command' }).click();
    const failed = page
      .locator('.mantine-Notification-root')
      .filter({ hasText: 'Copy failed' })
      .filter({ hasText: 'did not allow copying the cURL command' });
    await failed.waitFor();
    await saveScreenshot(page, 'editor-copy-failed-1440-dark');
    await failed.getByRole('button', { name: 'Close notification' }).click();
    await page.getByText('generates a real document from the example payload').waitFor();
    expect(
      await page
        .getByRole('tabpanel')
        .getByRole('link', { name: /API documentation/ })
        .getAttribute('href'),
    ).toBe('/docs');
    await saveScreenshot(page, 'editor-api-tab-1440-dark');
    await expectAccessible(page, 'api tab');
    const sample = await readPopupPdf(page, () =>
      page.getByRole('button', { name: 'Generate example PDF' }).click(),
    );
    expect(sample.subarray(0, 5).toString()).toBe('%PDF-');
    await context.close();
  });

  it('works on a phone: 390 px wide, the options in a drawer', async () => {
    const { page, context } = await open(390);
    await page.goto(`${suite.url}/admin/templates/Letters`);
    await waitForPageDrawn(page, 1);
    await page.getByRole('button', { name: 'Field options' }).waitFor();
    expect(await page.getByText('Document name').count()).toBe(0);
    await saveScreenshot(page, 'editor-viewing-390-dark');
    await expectAccessible(page, 'editor 390 px');
    await gearMenu(page, 'Edit template');
    // Its own field, drawn here: this test does not depend on the others.
    const width = (await fetchTemplateByApi(suite.url, suite.tokens, 'Letters')).body.pages[0]
      ?.width;
    await dragOnPage(page, pdfPage(page, 1), width ?? 0, { x: 60, y: 400 }, { x: 320, y: 440 });
    await page.getByRole('button', { name: 'Field options' }).click();
    await configureSelected(page, 'Small Text', 'phone');
    await expect
      .poll(() => page.locator('[data-testid="field-box"][data-label="phone"]').count())
      .toBe(1);
    await saveScreenshot(page, 'editor-options-390-dark');
    await context.close();
  });

  it('keeps the list page and the template tab in the URL, through Back and reload', async () => {
    for (const name of ['Page A', 'Page B', 'Page C', 'Page D']) {
      await uploadTemplateByApi(
        suite.url,
        suite.tokens,
        name,
        await corpusPdf('two-pages-second-turned.pdf'),
      );
    }
    const { page, context } = await open();
    await page.goto(`${suite.url}/admin/templates`);
    const cards = page.getByTestId('template-card');
    await expect.poll(() => cards.count()).toBe(4);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL(/\/admin\/templates\?page=2$/);
    await expect.poll(() => cards.count()).toBe(1);
    await page.reload();
    await expect.poll(() => cards.count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Page 2' }).getAttribute('data-active')).toBe(
      'true',
    );
    await page.goBack();
    await page.waitForURL(/\/admin\/templates$/);
    await expect.poll(() => cards.count()).toBe(4);

    await cards.first().click();
    await page.waitForURL(/\/admin\/templates\/[^?]+$/);
    const tabIs = (name: string) => page.getByRole('tab', { name, selected: true }).waitFor();
    await page.getByRole('tab', { name: '3 Api' }).click();
    await page.waitForURL(/\?tab=api$/);
    await page.reload();
    await tabIs('3 Api');
    await page.getByRole('tab', { name: '2 Form' }).click();
    await page.waitForURL(/\?tab=form$/);
    await page.goBack();
    await tabIs('3 Api');
    await page.goBack();
    await tabIs('1 Template');
    await context.close();
  });

  it('fills an image field from the Form tab with an uploaded picture or a URL, whatever its name', async () => {
    await uploadTemplateByApi(
      suite.url,
      suite.tokens,
      'Signed',
      await corpusPdf('two-pages-second-turned.pdf'),
    );
    const field = { page: 1, rectX: 60, rectY: 60, rectWidth: 160, rectHeight: 90 };
    await saveFieldsByApi(suite.url, suite.tokens, {
      templateName: 'Signed',
      inputs: [
        { ...field, label: 'signature', fieldType: 'image' },
        { ...field, rectY: 200, rectHeight: 24, label: 'signer', fieldType: 'text' },
      ],
    });
    for (const [theme, width] of [
      ['dark', 1440],
      ['light', 1440],
      ['dark', 390],
    ] as const) {
      const { page, context } = await open(width, theme);
      await page.goto(`${suite.url}/admin/templates/Signed?tab=form`);
      const preview = page.getByTestId('json-preview');
      // Ace wraps long lines on a phone: compare without the white space.
      const previewText = async () => (await preview.textContent())?.replace(/\s+/g, '');
      // The example picture: a placeholder in the preview, not its base64.
      await expect.poll(previewText).toContain('"signature":"data:image/png;base64,…(108B)"');
      await page.getByRole('button', { name: 'Upload picture for signature' }).waitFor();
      expect(await page.getByRole('textbox', { name: 'signature', exact: true }).count()).toBe(0);

      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Upload picture for signature' }).click();
      const photo = await corpusImage('photo-rgb-960x540.jpg');
      await (await chooser).setFiles(photo);
      const shown = page.getByRole('img', { name: 'Preview of signature' });
      await expect
        .poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(960);
      await page.getByText('photo-rgb-960x540.jpg').waitFor();
      // The placeholder names the picture's size in kB, one decimal (field-kinds.ts).
      const kB = `${(statSync(photo).size / 1024).toFixed(1).replace(/\.0$/, '')}kB`;
      await expect.poll(previewText).toContain(`"signature":"data:image/jpeg;base64,…(${kB})"`);
      expect(await previewText()).not.toMatch(/base64,[A-Za-z0-9+/]/);
      await page.getByLabel('signer').fill('Ada Lovelace');
      await saveScreenshot(page, `editor-form-image-${width}-${theme}`);
      await expectAccessible(page, `form tab with an image field, ${theme} ${width}`);
      await expectContrastChecked(
        page,
        '[data-testid="form-template-name"]',
        `templateName, ${theme} ${width}`,
      );

      if (width === 1440 && theme === 'dark') {
        const pdf = await readPopupPdf(page, () =>
          page.getByRole('button', { name: 'Generate' }).click(),
        );
        expect(imagesIn(pdf)).toContainEqual({ width: 960, height: 540 });
        // A URL instead: chosen, then typed, it is sent in the picture's place.
        await page
          .getByRole('radiogroup', { name: 'Picture source for signature' })
          .getByText('URL')
          .click();
        const url = page.getByRole('textbox', { name: 'Picture URL for signature' });
        await url.fill('https://example.com/signature.png');
        await expect.poll(previewText).toContain('"signature":"https://example.com/signature.png"');
        expect(await shown.count()).toBe(0);
      }
      await context.close();
    }
  });

  it('renames, replaces and deletes the template, with no request left for the old name', async () => {
    // Nineteen A4 pages replaced by three of mixed sizes: the zoom that fits the width changes
    // with the pages, which once drew a page from the old document as it was being closed.
    await uploadTemplateByApi(
      suite.url,
      suite.tokens,
      'Charter',
      await corpusPdf('nineteen-pages.pdf'),
    );
    await uploadTemplateByApi(
      suite.url,
      suite.tokens,
      'Taken',
      await corpusPdf('two-pages-second-turned.pdf'),
    );
    const { page, context } = await open();
    const failedCalls: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failedCalls.push(`${response.status()} ${response.url()}`);
    });
    const errorToasts = page.locator('.mantine-Notification-root');
    await page.goto(`${suite.url}/admin/templates/Charter`);
    await waitForPageDrawn(page, 1);

    // A name another template has: said at the field, the dialog stays open.
    await page.getByRole('button', { name: 'Rename template' }).click();
    const rename = page.getByRole('dialog', { name: 'Change template name' });
    await rename.getByLabel('Template name').fill('Taken');
    await rename.getByRole('button', { name: 'Save name' }).click();
    await rename
      .getByText('A template named "Taken" already exists. Please choose another name.')
      .waitFor();
    await saveScreenshot(page, 'editor-rename-taken-1440-dark');
    expect(failedCalls).toEqual([
      expect.stringMatching(/^409 .*\/v1\/template\/Charter\/update\/name$/),
    ]);
    failedCalls.length = 0;

    await rename.getByLabel('Template name').fill('Charter 1787');
    await rename.getByRole('button', { name: 'Save name' }).click();
    const done = page.getByRole('dialog', { name: 'Success!' });
    await done.getByText('The template name has been updated.').waitFor();
    expect(await errorToasts.count()).toBe(0);
    await done.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(/\/admin\/templates\/Charter%201787$/);
    await waitForPageDrawn(page, 1);
    expect(await errorToasts.count()).toBe(0);

    await gearMenu(page, 'Replace template');
    const replace = page.getByRole('dialog', { name: 'Replace template' });
    await replace
      .locator('input[type="file"]')
      .setInputFiles(await corpusPdf('mixed-page-sizes-3p.pdf'));
    await replace.getByRole('button', { name: 'REPLACE' }).click();
    await page
      .getByRole('dialog', { name: 'Replacement successful!' })
      .getByRole('button', { name: 'OK' })
      .click();
    // The new PDF's pages are drawn at once, without a reload.
    await expect.poll(() => page.getByTestId('pdf-page').count()).toBe(3);
    for (const n of [1, 2, 3]) {
      await pdfPage(page, n).scrollIntoViewIfNeeded();
      await waitForPageDrawn(page, n);
    }
    const canvasSizes = await page
      .locator('[data-testid^="pdf-page-canvas-"]')
      .evaluateAll((canvases: HTMLCanvasElement[]) => canvases.map((c) => c.width * c.height));
    expect(canvasSizes.every((pixels) => pixels > 0)).toBe(true);
    expect(
      (await fetchTemplateByApi(suite.url, suite.tokens, 'Charter 1787')).body.pages,
    ).toHaveLength(3);

    await gearMenu(page, 'Delete template');
    const sure = page.getByRole('dialog', { name: 'Are you sure?' });
    await sure.getByText("You won't be able to revert this!").waitFor();
    await sure.getByRole('button', { name: 'Yes, delete it!' }).click();
    const deleted = page.getByRole('dialog', { name: 'Deleted!' });
    await deleted.getByText('The template has been deleted.').waitFor();
    await deleted.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(/\/admin\/templates$/);
    await page.getByTestId('template-card').first().waitFor();
    expect(await errorToasts.count()).toBe(0);
    expect(failedCalls).toEqual([]);
    expect((await fetchTemplateByApi(suite.url, suite.tokens, 'Charter 1787')).status).toBe(404);
    await context.close();
  });
});
