import { errorCatalog, errorCodes } from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorBody, problemType } from '../../test/http.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { problemDetails } from '../lib/problem-details.ts';

describe('the error page and the problem types that point to it', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp('sqlite');
  });
  afterAll(() => app.dispose());

  it('lists every error code with its title and meaning, each under its own anchor', async () => {
    const res = await call(app, 'GET', '/docs/errors');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    for (const code of errorCodes) {
      expect(res.body, code).toContain(`<dt id="${code}">${code} <span>`);
      expect(res.body, code).toContain(errorCatalog[code].title.replace(/'/g, '&#39;'));
    }
    // Markdown code spans of the catalog become code, and nothing else is taken as markup.
    expect(res.body).toContain('<code>Retry-After</code>');
  });

  it("answers an error whose type is that page's anchor for its code", async () => {
    const res = await call(app, 'GET', '/v1/template/Nothing', { headers: { 'x-api-key': 'x' } });
    const body = errorBody(res);
    expect(res.json()).toMatchObject({
      type: problemType(body.code),
      title: errorCatalog.INVALID_API_KEY.title,
    });
    const page = await call(app, 'GET', '/docs/errors');
    expect(page.body).toContain(`id="${body.code}"`);
  });

  it('names a code outside the catalog about:blank, titled by its status', () => {
    expect(
      problemDetails({ status: 418, code: 'FST_TEAPOT', message: 'No coffee.' }, 'id-1', 'x'),
    ).toEqual({
      type: 'about:blank',
      title: "I'm a Teapot",
      status: 418,
      detail: 'No coffee.',
      instance: 'urn:uuid:id-1',
      code: 'FST_TEAPOT',
      message: 'No coffee.',
      requestId: 'id-1',
    });
  });
});
