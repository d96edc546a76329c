import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, errorBody, signUp, type Account } from '../../test/http.ts';
import { multipartBody } from '../../test/multipart.ts';
import { makePdf } from '../../test/pdf-fixtures.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { uploadTemplate } from '../../test/templates.ts';

const incomplete = {
  status: 400,
  code: 'VALIDATION_ERROR',
  message:
    'The form data ends before its last part: the upload is incomplete. Please send it again.',
};

describe.each(testDatabases())('an upload form cut off before its end, on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let pdf: Buffer;
  beforeEach(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app);
    pdf = await makePdf();
  });
  afterEach(() => app.dispose());

  const form = (fields: { name: string; value: string }[]) =>
    multipartBody([
      ...fields,
      { name: 'file', filename: 'form.pdf', type: 'application/pdf', data: pdf },
    ]);
  const send = (method: 'POST', url: string, body: Buffer, headers: Record<string, string>) =>
    call(app, method, url, { token: ada.token, headers, body });
  /** Cut inside the file, inside the first part's headers, and just before the closing boundary. */
  const cuts = (payload: Buffer) => [payload.length - 200, 60, payload.length - 8];

  it('is a 400 on the picture upload', async () => {
    const { payload, headers } = form([]);
    for (const cut of cuts(payload)) {
      const res = await send('POST', '/v1/user/picture', payload.subarray(0, cut), headers);
      expect(res.statusCode, `cut at ${cut}`).toBe(400);
      expect(errorBody(res)).toEqual(incomplete);
    }
    const profile = await call(app, 'GET', '/v1/user/profile', { token: ada.token });
    expect(profile.json()).toMatchObject({ profilePic: '' });
  });

  it('is a 400 on the template upload and its PDF replacement, and stores nothing', async () => {
    const { payload, headers } = form([{ name: 'templateName', value: 'Cut' }]);
    for (const cut of cuts(payload)) {
      const res = await send('POST', '/v1/template', payload.subarray(0, cut), headers);
      expect(res.statusCode, `cut at ${cut}`).toBe(400);
      expect(errorBody(res)).toEqual(incomplete);
    }
    const list = await call(app, 'GET', '/v1/template', { token: ada.token });
    expect(list.json()).toMatchObject({ totalElements: 0 });

    expect((await uploadTemplate(app, ada, { name: 'Whole', pdf })).statusCode).toBe(200);
    const replacement = form([]);
    const cut = replacement.payload.subarray(0, replacement.payload.length - 200);
    const res = await send('POST', '/v1/template/Whole/update/pdf', cut, replacement.headers);
    expect(res.statusCode).toBe(400);
    expect(errorBody(res)).toEqual(incomplete);
  });

  it('is a 400 when the form has no boundary', async () => {
    const { payload } = form([]);
    const res = await send('POST', '/v1/user/picture', payload, {
      'content-type': 'multipart/form-data',
    });
    expect(errorBody(res)).toEqual({
      ...incomplete,
      message: 'The multipart form has no boundary in its Content-Type.',
    });
  });
});
