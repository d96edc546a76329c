import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoConsoleErrors, hasChromium, saveScreenshot } from './support/browser.ts';
import { editorSuite, openSignedIn } from './support/editor-suite.ts';
import { bmpPicture, icoPicture } from './support/pictures.ts';
import {
  corpusImage,
  fetchTemplateByApi,
  saveInEditor,
  waitForPageDrawn,
} from './support/templates.ts';

type Picture = { name: string; mimeType: string; buffer: Buffer } | string;

/** Picks a picture with the Stamps tab's file button and waits for one more stamp on a page. */
const addStamp = async (page: Page, picture: Picture) => {
  const before = await page.getByTestId('stamp').count();
  const picker = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add a stamp' }).click();
  await (await picker).setFiles(picture);
  await expect.poll(() => page.getByTestId('stamp').count()).toBe(before + 1);
};

/** The stamp pictures the editor's Save sends (PUT /v1/template). */
const sentStampPictures = async (page: Page, save: () => Promise<void>) => {
  const request = page.waitForRequest(
    (r) => r.method() === 'PUT' && new URL(r.url()).pathname === '/v1/template',
  );
  await save();
  const body = (await request).postDataJSON() as { stamps?: { image?: string }[] };
  return (body.stamps ?? []).map((stamp) => stamp.image?.slice(0, 22));
};

describe.skipIf(!hasChromium)('stamps', () => {
  const suite = editorSuite('stamps', {
    Letters: 'two-pages-second-turned.pdf',
    Icons: 'two-pages-second-turned.pdf',
  });

  const openStamps = async (template: string) => {
    const opened = await openSignedIn(suite, { theme: 'dark' });
    await opened.page.goto(`${suite.url}/admin/templates/${template}`);
    await waitForPageDrawn(opened.page, 1);
    await opened.page.getByRole('tab', { name: '4 Template stamps' }).click();
    return opened;
  };

  it('places a stamp, saves it with the template, and keeps it on the next load', async () => {
    const { page, context } = await openStamps('Letters');
    await addStamp(page, await corpusImage('picture-rgba-600x375.png'));
    await saveScreenshot(page, 'editor-stamps-1440-dark');
    await saveInEditor(page);
    const saved = (await fetchTemplateByApi(suite.url, suite.tokens, 'Letters')).body;
    const width = saved.pages[0]?.width ?? 0;
    expect(saved.stamps).toHaveLength(1);
    expect(saved.stamps?.[0]?.rectWidth).toBeLessThanOrEqual(width * 0.75 + 0.01);
    await page.reload();
    await page.getByTestId('stamp').waitFor();
    await context.close();
  });

  it('turns a BMP and an ICO picture into PNG stamps that save (the server reads neither)', async () => {
    const { page, context, consoleErrors } = await openStamps('Icons');
    const red = [200, 30, 30] as const;
    const blue = [30, 60, 200] as const;
    await addStamp(page, {
      name: 'seal.bmp',
      mimeType: 'image/bmp',
      buffer: bmpPicture(120, 60, red, blue),
    });
    await addStamp(page, {
      name: 'logo.ico',
      mimeType: 'image/x-icon',
      buffer: icoPicture(32, 32, blue, red),
    });
    await saveScreenshot(page, 'editor-stamps-bmp-ico-1440-dark');
    const sent = await sentStampPictures(page, () => saveInEditor(page));
    expect(sent).toEqual(['data:image/png;base64,', 'data:image/png;base64,']);
    const stamps = (await fetchTemplateByApi(suite.url, suite.tokens, 'Icons')).body.stamps ?? [];
    expect(stamps).toHaveLength(2);
    // The BMP keeps its 2:1 shape: it was decoded, not placed as a 300 × 300 stand-in.
    const sizes = stamps.map((stamp) => [stamp.rectWidth, stamp.rectHeight]);
    expect(sizes.sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0))).toEqual([
      [32, 32],
      [120, 60],
    ]);
    expectNoConsoleErrors(consoleErrors);
    await context.close();
  });
});
