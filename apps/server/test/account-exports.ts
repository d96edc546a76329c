import type { AccountExport } from '@platen/contract';
import { expect } from 'vitest';
import { call, type Account } from './http.ts';
import { makePdf } from './pdf-fixtures.ts';
import { apiKeyOf, generate, saveFields, textField, uploadTemplate } from './templates.ts';
import type { TestApp } from './test-app.ts';

/** A 16×16 PNG, as a stamp's picture. */
const STAMP_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAHUlEQVR4nGNQ6n72nxLMMGrA/9EweDYaBt3DIgwAaUmSH6Bn+N4AAAAASUVORK5CYII=';

/**
 * An account with something in every part of an export: the template "Letter" with a field and
 * a stamp, published as version 1, and one generated document. Answers the template's PDF.
 */
export const fillAccount = async (app: TestApp, account: Account): Promise<Buffer> => {
  const pdf = await makePdf();
  expect((await uploadTemplate(app, account, { name: 'Letter', pdf })).statusCode).toBe(200);
  await saveFields(app, account, 'Letter', [textField('Name')]);
  const saved = await call(app, 'PUT', '/v1/template', {
    token: account.token,
    body: {
      templateName: 'Letter',
      inputs: [textField('Name')],
      stamps: [{ page: 1, rectX: 10, rectY: 10, rectWidth: 20, rectHeight: 20, image: STAMP_PNG }],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await call(app, 'POST', '/v1/template/Letter/publish', {
    token: account.token,
    body: {},
  });
  expect(published.statusCode, published.body).toBe(200);
  const apiKey = await apiKeyOf(app, account, 'Letter');
  const document = await generate(app, apiKey, { templateName: 'Letter', fields: { Name: 'Ada' } });
  expect(document.statusCode).toBe(200);
  return pdf;
};

export const startExport = (app: TestApp, account: Account) =>
  call(app, 'POST', '/v1/user/export', { token: account.token });

export const getExport = (app: TestApp, account: Account, id: string) =>
  call(app, 'GET', `/v1/user/export/${id}`, { token: account.token });

/** Polls the export until it has ended (the worker runs in the test's process). */
export const waitForExport = async (
  app: TestApp,
  account: Account,
  id: string,
): Promise<AccountExport> => {
  for (;;) {
    const res = await getExport(app, account, id);
    if (res.statusCode !== 200) throw new Error(`GET export: ${res.statusCode} ${res.body}`);
    const answer = res.json<AccountExport>();
    if (['succeeded', 'failed', 'canceled'].includes(answer.status)) return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** Starts an export and waits until it has succeeded. */
export const exportAccount = async (app: TestApp, account: Account): Promise<AccountExport> => {
  const started = await startExport(app, account);
  expect(started.statusCode, started.body).toBe(202);
  const done = await waitForExport(app, account, started.json<AccountExport>().id);
  expect(done.status).toBe('succeeded');
  return done;
};
