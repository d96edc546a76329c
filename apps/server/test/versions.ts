import type { TemplateVersionSummary } from '@platen/contract';
import { expect } from 'vitest';
import { call, type Account } from './http.ts';
import type { TestApp } from './test-app.ts';
import { saveFields, uploadTemplate } from './templates.ts';

/** Where a template's calls live, its name escaped. */
export const templatePath = (name: string, rest = '') =>
  `/v1/template/${encodeURIComponent(name)}${rest}`;

/**
 * The calls the versions suites repeat, bound to their app, the account that owns most
 * templates and the PDF they are made from (read when called, after `beforeAll` set them).
 */
export const versionCalls = (context: () => { app: TestApp; owner: Account; pdf: Buffer }) => {
  const create = async (name: string, account = context().owner) => {
    const { app, pdf } = context();
    const res = await uploadTemplate(app, account, { name, pdf });
    expect(res.statusCode, res.body).toBe(200);
  };
  const publish = (name: string, body: Record<string, unknown> = {}, account = context().owner) =>
    call(context().app, 'POST', templatePath(name, '/publish'), { token: account.token, body });
  const published = async (name: string, body: Record<string, unknown> = {}) => {
    const res = await publish(name, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TemplateVersionSummary>();
  };
  const save = async (name: string, inputs: Parameters<typeof saveFields>[3]) => {
    const { app, owner } = context();
    const res = await saveFields(app, owner, name, inputs);
    expect(res.statusCode, res.body).toBe(200);
  };
  return { create, publish, published, save };
};
