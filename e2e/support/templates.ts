import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { corpusPath, type CorpusName } from '../../test-fixtures/corpus.ts';

/** The path of a test corpus file (test-fixtures/), built on first use: a name the app shows. */
export const corpusPdf = (name: CorpusName) => corpusPath(name);
export const corpusImage = (name: CorpusName) => corpusPath(name);

type Tokens = { token: string };

export const csrfHeaders = async (baseUrl: string) => {
  const csrf = await fetch(`${baseUrl}/v1/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  return { 'x-xsrf-token': csrfToken, cookie: `XSRF-TOKEN=${csrfToken}` };
};

/**
 * Uploads a template through the API, for tests about the editor rather than the upload. The
 * first PDF task of a fresh server also starts its worker; on a busy machine that can pass the
 * server's time limit, so a PDF_TOO_COMPLEX answer is tried once more (and said so).
 */
export const uploadTemplateByApi = async (
  baseUrl: string,
  tokens: Tokens,
  name: string,
  pdfFile: string,
  isRetry = false,
): Promise<void> => {
  const form = new FormData();
  form.append('templateName', name);
  form.append('templateDescription', 'Uploaded by a test');
  form.append('file', new Blob([readFileSync(pdfFile)], { type: 'application/pdf' }), 'form.pdf');
  const response = await fetch(`${baseUrl}/v1/template`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.token}`, ...(await csrfHeaders(baseUrl)) },
    body: form,
  });
  if (response.ok) return;
  const text = await response.text();
  if (!isRetry && text.includes('PDF_TOO_COMPLEX')) {
    console.warn(`upload of ${name} hit the PDF time limit on a cold server; trying once more`);
    return uploadTemplateByApi(baseUrl, tokens, name, pdfFile, true);
  }
  throw new Error(`upload failed: ${response.status} ${text}`);
};

type SavedTemplate = {
  id: string;
  templateName: string;
  apiKey: string;
  pages: { page: number; width: number; height: number }[];
  inputs: {
    id: string;
    label: string;
    type: string;
    page: number;
    rectX: number;
    rectY: number;
    rectWidth: number;
    rectHeight: number;
    boxes?: { page: number; rectX: number; rectY: number }[];
  }[];
  stamps?: { id: string; page: number; rectWidth: number; rectHeight: number }[];
  /** The default language of fields without one. */
  language?: string;
};

export const fetchTemplateByApi = async (baseUrl: string, tokens: Tokens, name: string) => {
  const response = await fetch(`${baseUrl}/v1/template/${encodeURIComponent(name)}`, {
    headers: { authorization: `Bearer ${tokens.token}` },
  });
  return { status: response.status, body: (await response.json()) as SavedTemplate };
};

/** A page of the editor, drawn by pdf.js. */
export const pdfPage = (page: Page, n: number) =>
  page.locator(`[data-testid="pdf-page"][data-page="${n}"]`);

export const waitForPageDrawn = (page: Page, n: number) =>
  page.locator(`[data-testid="pdf-page-canvas-${n}"][data-drawn="true"]`).waitFor();

/** CSS pixels per point of a page, and its corner on screen. */
export const pageView = async (pageElement: Locator, widthPt: number) => {
  const box = await pageElement.boundingBox();
  if (!box) throw new Error('page not visible');
  const scale = box.width / widthPt;
  /** A point on the page, in PDF points from its top-left, in screen pixels. */
  const toScreen = (p: { x: number; y: number }) => ({
    x: box.x + p.x * scale,
    y: box.y + p.y * scale,
  });
  return { left: box.x, top: box.y, scale, toScreen };
};

/** Presses at one page point and releases at another, with the mouse, in small steps. */
export const dragOnPage = async (
  page: Page,
  pageElement: Locator,
  widthPt: number,
  from: { x: number; y: number },
  to: { x: number; y: number },
) => {
  // A tall field panel may have scrolled the start of the drag under the sticky header, or out
  // of the window: then it is brought to the window's middle first.
  const start = (await pageView(pageElement, widthPt)).toScreen(from);
  await pageElement.evaluate((element, point) => {
    const hit = document.elementFromPoint(point.x, point.y);
    if (!hit || !element.contains(hit)) window.scrollBy(0, point.y - window.innerHeight / 2);
  }, start);
  const { toScreen } = await pageView(pageElement, widthPt);
  const at = (p: { x: number; y: number }) => {
    const { x, y } = toScreen(p);
    return [x, y] as const;
  };
  await page.mouse.move(...at(from));
  await page.mouse.down();
  await page.mouse.move(...at({ x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 }), { steps: 4 });
  await page.mouse.move(...at(to), { steps: 4 });
  await page.mouse.up();
};

/**
 * The same gesture with one finger. Playwright only taps, so the touches go through the Chrome
 * DevTools Protocol; Chromium turns them into pointer events of type touch, as on a tablet.
 */
export const touchDragOnPage = async (
  page: Page,
  pageElement: Locator,
  widthPt: number,
  from: { x: number; y: number },
  to: { x: number; y: number },
) => {
  const { toScreen: at } = await pageView(pageElement, widthPt);
  const cdp = await page.context().newCDPSession(page);
  const touch = (
    type: 'touchStart' | 'touchMove' | 'touchEnd',
    points: { x: number; y: number }[],
  ) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
  await touch('touchStart', [at(from)]);
  for (let step = 1; step <= 8; step++) {
    const t = step / 8;
    await touch('touchMove', [
      at({ x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t }),
    ]);
  }
  await touch('touchEnd', []);
  await cdp.detach();
};

/** Opens the gear menu and picks an item. */
export const gearMenu = async (page: Page, item: string) => {
  await page.getByRole('button', { name: 'Template actions' }).click();
  await page.getByRole('menuitem', { name: item }).click();
};

/**
 * Opens a template's page, waits for page 1, and switches to editing; answers page 1's width in
 * points, which drawing on the page takes.
 */
export const openForEditing = async (
  page: Page,
  suite: { url: string; tokens: Tokens },
  name: string,
): Promise<number> => {
  await page.goto(`${suite.url}/admin/templates/${encodeURIComponent(name)}`);
  await waitForPageDrawn(page, 1);
  const { body } = await fetchTemplateByApi(suite.url, suite.tokens, name);
  await gearMenu(page, 'Edit template');
  return body.pages[0]!.width;
};

/** Picks an option of a Mantine select of the field panel by the select's label. */
export const choosePanelOption = async (page: Page, label: string, option: string) => {
  await page.getByTestId('field-panel').getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option').filter({ hasText: option }).first().click();
};

/** Chooses a field type and a label for the selected box in the field panel. */
export const configureSelected = async (page: Page, type: string, label: string) => {
  const panel = page.getByTestId('field-panel');
  await panel.getByRole('textbox', { name: 'Field type' }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await panel.getByRole('textbox', { name: 'Label' }).fill(label);
};

/** PUT /v1/template: replaces the template's fields, as the editor's Save does. */
export const saveFieldsByApi = async (
  baseUrl: string,
  tokens: Tokens,
  body: { templateName: string; inputs: Record<string, unknown>[] },
) => {
  const response = await fetch(`${baseUrl}/v1/template`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${tokens.token}`,
      'content-type': 'application/json',
      ...(await csrfHeaders(baseUrl)),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`save failed: ${response.status} ${await response.text()}`);
};

/** Saves the editor with its Save button and closes the 'Template updated' answer. */
export const saveInEditor = async (page: Page) => {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Template updated' })
    .getByRole('button', { name: 'OK' })
    .click();
};
