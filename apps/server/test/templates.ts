import type { TemplateInputBody, TemplateResponse } from '@platen/contract';
import { call, signUp, type Account } from './http.ts';
import { multipartBody } from './multipart.ts';
import { makePdf } from './pdf-fixtures.ts';
import type { TestApp } from './test-app.ts';

export const uploadTemplate = (
  app: TestApp,
  account: Account,
  opts: { name?: string; description?: string; pdf?: Buffer; filename?: string; type?: string },
) => {
  const parts = [
    ...(opts.name !== undefined ? [{ name: 'templateName', value: opts.name }] : []),
    ...(opts.description !== undefined
      ? [{ name: 'templateDescription', value: opts.description }]
      : []),
    ...(opts.pdf
      ? [
          {
            name: 'file',
            filename: opts.filename ?? 'form.pdf',
            type: opts.type ?? 'application/pdf',
            data: opts.pdf,
          },
        ]
      : []),
  ];
  const { payload, headers } = multipartBody(parts);
  return call(app, 'POST', '/v1/template', { token: account.token, headers, body: payload });
};

export const textField = (
  label: string,
  overrides: Partial<TemplateInputBody> = {},
): TemplateInputBody => ({
  label,
  fieldType: 'text',
  page: 1,
  rectX: 50,
  rectY: 100,
  rectWidth: 200,
  rectHeight: 20,
  fontSize: 12,
  ...overrides,
});

export const saveFields = (
  app: TestApp,
  account: Account,
  templateName: string,
  inputs: TemplateInputBody[],
) => call(app, 'PUT', '/v1/template', { token: account.token, body: { templateName, inputs } });

export const getTemplate = async (app: TestApp, account: Account, name: string) =>
  (
    await call(app, 'GET', `/v1/template/${encodeURIComponent(name)}`, { token: account.token })
  ).json<TemplateResponse>();

export const apiKeyOf = async (app: TestApp, account: Account, name: string) => {
  const { apiKey } = await getTemplate(app, account, name);
  if (!apiKey) throw new Error(`template "${name}" not found: was the upload refused?`);
  return apiKey;
};

/** A new account's API key, with an "Invoice" template of one text field, Name. */
export const invoiceApiKey = async (app: TestApp): Promise<string> => {
  const account = await signUp(app);
  const uploaded = await uploadTemplate(app, account, { name: 'Invoice', pdf: await makePdf() });
  if (uploaded.statusCode !== 200) throw new Error(`upload refused: ${uploaded.body}`);
  await saveFields(app, account, 'Invoice', [textField('Name')]);
  return apiKeyOf(app, account, 'Invoice');
};

export const generate = (app: TestApp, apiKey: string | undefined, body: unknown) =>
  app.inject({
    method: 'POST',
    url: '/v1/document/generate/template',
    headers: {
      'content-type': 'application/json',
      ...(apiKey !== undefined && { 'x-api-key': apiKey }),
    },
    payload: JSON.stringify(body),
  });

/** The documents an account has counted in its current cycle, as the database holds them. */
export const usedThisCycle = async (app: TestApp, userEmail: string) => {
  const row = await app.deps.db
    .selectFrom('subscriptions')
    .innerJoin('users', 'users.id', 'subscriptions.user_id')
    .select('pdfs_generated_this_month')
    .where('users.email', '=', userEmail)
    .executeTakeFirstOrThrow();
  return Number(row.pdfs_generated_this_month);
};
