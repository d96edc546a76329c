import type { BrowserContext, Page } from 'playwright-core';

/**
 * The app opens generated PDFs in new tabs from blob: URLs, which the page's CSP keeps fetch()
 * away from: every page of the context keeps the last blob it made, to be read back.
 */
export const keepBlobs = (context: BrowserContext) =>
  context.addInitScript(() => {
    const create = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      (window as unknown as { lastBlob?: unknown }).lastBlob = blob;
      return create(blob);
    };
  });

/** The PDF a new tab shows after `click`, read through the blob the page made for it. */
export const readPopupPdf = async (page: Page, click: () => Promise<void>): Promise<Buffer> => {
  const popup = page.waitForEvent('popup');
  await click();
  const tab = await popup;
  await tab.waitForURL(/^blob:/);
  const base64 = await page.evaluate(async () => {
    const blob = (window as unknown as { lastBlob?: Blob }).lastBlob;
    const bytes = new Uint8Array(blob ? await blob.arrayBuffer() : []);
    let text = '';
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  });
  await tab.close();
  return Buffer.from(base64, 'base64');
};

/** The PDF the Form tab's Generate opens. */
export const generatedPdf = (page: Page): Promise<Buffer> =>
  readPopupPdf(page, () => page.getByRole('button', { name: 'Generate' }).click());
