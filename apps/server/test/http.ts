import type { ErrorResponse } from '@platen/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { recordSecret } from './run-log.ts';
import type { TestApp } from './test-app.ts';

const CSRF = 'test-xsrf-token';

/** The headers a browser tab of ours sends: the XSRF cookie and its echo, plus a bearer token. */
export const clientHeaders = (token?: string): Record<string, string> => ({
  cookie: `XSRF-TOKEN=${CSRF}`,
  'x-xsrf-token': CSRF,
  ...(token && { authorization: `Bearer ${token}` }),
});

export const call = (
  app: TestApp,
  method: InjectOptions['method'],
  url: string,
  opts: { body?: unknown; token?: string; headers?: Record<string, string>; ip?: string } = {},
): Promise<LightMyRequestResponse> =>
  app.inject({
    method,
    url,
    headers: { ...clientHeaders(opts.token), ...opts.headers },
    remoteAddress: opts.ip ?? '203.0.113.7',
    ...(opts.body !== undefined && { payload: opts.body as InjectOptions['payload'] }),
  });

/** The `type` of a problem with this code, as the test apps (`https://platen.example`) name it. */
export const problemType = (code: string) => `https://platen.example/docs/errors#${code}`;

/**
 * An error answer's body in its older form (`status`, `code`, `message` and their companions),
 * without what differs on every request, so whole bodies can be compared. Checks first that it is
 * problem details (RFC 9457): the media type, `type` naming the code on the error page (or
 * `about:blank`), a `title`, `status` as the answer's, `detail` as `message`, and `instance` and
 * `requestId` naming the request of the `x-request-id` header.
 */
export const errorBody = (
  res: LightMyRequestResponse,
): Omit<ErrorResponse, 'requestId' | 'type' | 'title' | 'detail' | 'instance'> => {
  expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  const { requestId, type, title, detail, instance, ...body } = res.json<ErrorResponse>();
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  expect(requestId).toBe(res.headers['x-request-id']);
  expect(instance).toBe(`urn:uuid:${requestId}`);
  expect([problemType(body.code), 'about:blank']).toContain(type);
  expect(title).toEqual(expect.any(String));
  expect(body.status).toBe(res.statusCode);
  expect(detail).toBe(body.message);
  return body;
};

export type Account = { email: string; password: string; token: string; refreshToken: string };

let counter = 0;

/** Registers a fresh account and returns its credentials and tokens. */
export const signUp = async (
  app: TestApp,
  opts: { email?: string; password?: string; ip?: string } = {},
): Promise<Account> => {
  counter += 1;
  const email = opts.email ?? `user${counter}@example.com`;
  const password = opts.password ?? 'correct horse battery';
  const res = await call(app, 'POST', '/v1/auth/register', {
    body: { email, password, firstName: 'Ada', lastName: 'Lovelace' },
    ip: opts.ip ?? `198.51.100.${counter % 250}`,
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const { token, refreshToken } = res.json<{ token: string; refreshToken: string }>();
  return { email, password, token, refreshToken };
};

export type Mail = { to: string; subject: string; text: string; html: string; createdAt: string };

const confirmationCodeIn = (mail: Mail) => mail.text.match(/is: ([A-Z0-9]{6})/)?.[1];

const resetCodeIn = (mail: Mail) => {
  const link = mail.text.match(/(https?:\/\/\S+reset-password\?code=\S+)/)?.[1];
  return link && new URL(link).searchParams.get('code');
};

export const mailbox = async (app: TestApp, to?: string): Promise<Mail[]> => {
  const res = await app.inject({ method: 'GET', url: '/dev/mailbox/messages' });
  const mails = res.json<Mail[]>();
  for (const mail of mails) {
    recordSecret('confirmation code (mail)', confirmationCodeIn(mail));
    recordSecret('reset code (mail)', resetCodeIn(mail));
  }
  return to ? mails.filter((m) => m.to === to) : mails;
};

export const lastCode = async (app: TestApp, to: string): Promise<string> => {
  const mail = (await mailbox(app, to)).filter((m) => m.subject.includes('confirmation')).at(-1);
  const code = mail && confirmationCodeIn(mail);
  if (!code) throw new Error(`no confirmation code mailed to ${to}`);
  return code;
};

export const lastResetCode = async (app: TestApp, to: string): Promise<string> => {
  const mail = (await mailbox(app, to)).filter((m) => m.subject.includes('Reset')).at(-1);
  const code = mail && resetCodeIn(mail);
  if (code === undefined) throw new Error(`no reset link mailed to ${to}`);
  return code ?? '';
};
