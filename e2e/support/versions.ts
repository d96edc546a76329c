import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { EditorSuite } from './editor-suite.ts';
import {
  corpusPdf,
  csrfHeaders,
  saveFieldsByApi,
  uploadTemplateByApi,
  waitForPageDrawn,
} from './templates.ts';

type Tokens = { token: string };

/** POST /v1/template/:name/publish, as the Publish dialog does; answers the status and body. */
export const publishByApi = async (
  baseUrl: string,
  tokens: Tokens,
  name: string,
  body: { note?: string; acceptBreaking?: boolean } = {},
) => {
  const response = await fetch(`${baseUrl}/v1/template/${encodeURIComponent(name)}/publish`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${tokens.token}`,
      'content-type': 'application/json',
      ...(await csrfHeaders(baseUrl)),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

type VersionSummary = { version: number; note: string; changes: { kind: string }[] };

export const listVersionsByApi = async (baseUrl: string, tokens: Tokens, name: string) => {
  const response = await fetch(`${baseUrl}/v1/template/${encodeURIComponent(name)}/versions`, {
    headers: { authorization: `Bearer ${tokens.token}` },
  });
  return ((await response.json()) as { versions: VersionSummary[] }).versions;
};

/** A plain text field for PUT /v1/template. */
export const textField = (label: string, at: { page?: number; x?: number; y?: number } = {}) => ({
  page: at.page ?? 1,
  rectX: at.x ?? 60,
  rectY: at.y ?? 100,
  rectWidth: 180,
  rectHeight: 24,
  label,
  fieldType: 'text',
});

/** The publication badge of the template header. */
export const headerBadge = (page: Page) =>
  page.getByTestId('template-header').getByTestId('publication-badge');

/** A two-page template with these fields saved, published once per entry of `versions`. */
export const publishedTemplate = async (
  suite: EditorSuite,
  name: string,
  versions: ReturnType<typeof textField>[][],
) => {
  await uploadTemplateByApi(
    suite.url,
    suite.tokens,
    name,
    await corpusPdf('two-pages-second-turned.pdf'),
  );
  for (const [index, inputs] of versions.entries()) {
    await saveFieldsByApi(suite.url, suite.tokens, { templateName: name, inputs });
    const published = await publishByApi(suite.url, suite.tokens, name, {
      note: `Release ${index + 1}`,
      acceptBreaking: true,
    });
    expect(published.status).toBe(200);
  }
};

/** The template's page, once its first page is drawn. */
export const openTemplatePage = async (page: Page, baseUrl: string, name: string) => {
  await page.goto(`${baseUrl}/admin/templates/${encodeURIComponent(name)}`);
  await waitForPageDrawn(page, 1);
};
