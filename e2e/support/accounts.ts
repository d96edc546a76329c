import type { Page } from 'playwright-core';
import { recordSecret } from '../../apps/server/test/run-log.ts';

export type TestUser = { firstName: string; lastName: string; email: string; password: string };

let counter = 0;
export const newUser = (prefix: string): TestUser => {
  counter += 1;
  const password = 'correct horse 1';
  // Typed into the sign-up and sign-in forms: the run's log scan looks for it.
  recordSecret('password (e2e)', password);
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `${prefix}-${Date.now().toString(36)}-${counter}@example.com`,
    password,
  };
};

/** A password a test types into a form: recorded, so the run's log scan looks for it too. */
export const typedPassword = (password: string): string => {
  recordSecret('password (e2e)', password);
  return password;
};

export type TokenPair = { token: string; refreshToken: string };

/** Registers through the API (double-submit XSRF like the app), for tests about other things. */
export const registerByApi = async (baseUrl: string, user: TestUser): Promise<TokenPair> => {
  const csrf = await fetch(`${baseUrl}/v1/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${baseUrl}/v1/auth/register`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-xsrf-token': csrfToken,
      cookie: `XSRF-TOKEN=${csrfToken}`,
    },
    body: JSON.stringify(user),
  });
  if (!response.ok) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  const pair = (await response.json()) as TokenPair;
  recordSecret('access token (e2e)', pair.token);
  recordSecret('refresh token (e2e)', pair.refreshToken);
  return pair;
};

/** Puts a session into the page's storage, as a sign-in would. */
export const signInWithTokens = async (page: Page, baseUrl: string, pair: TokenPair) => {
  await page.goto(`${baseUrl}/login`);
  await page.evaluate((tokens) => {
    window.localStorage.setItem('token', tokens.token);
    window.localStorage.setItem('refreshToken', tokens.refreshToken);
  }, pair);
};

type Mail = { to: string; subject: string; text: string; html: string; createdAt: string };

const mailsTo = async (baseUrl: string, to: string): Promise<Mail[]> => {
  const response = await fetch(`${baseUrl}/dev/mailbox/messages`);
  const mails = (await response.json()) as Mail[];
  return mails.filter((mail) => mail.to === to);
};

/** The newest mail to an address whose text matches, waiting for it to arrive. */
export const waitForMail = async (
  baseUrl: string,
  to: string,
  matches: (mail: Mail) => boolean,
  after = 0,
): Promise<Mail> => {
  for (;;) {
    const found = (await mailsTo(baseUrl, to)).filter(matches);
    const mail = found.length > after ? found.at(-1) : undefined;
    if (mail) {
      recordMailSecrets(mail.text);
      return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

export const countMails = async (baseUrl: string, to: string, matches: (mail: Mail) => boolean) =>
  (await mailsTo(baseUrl, to)).filter(matches).length;

/** The confirmation code: the 6 characters after 'is: ' in the text. */
export const confirmationCodeOf = (mail: Mail): string => {
  const index = mail.text.indexOf('is: ');
  if (index < 0) throw new Error(`No code in: ${mail.text}`);
  return mail.text.slice(index + 4, index + 10);
};

export const resetLinkOf = (mail: Mail, baseUrl: string): string => {
  const match = mail.text.match(
    new RegExp(`${baseUrl.replace(/[.]/g, '\\.')}/reset-password\\?code=\\S+`),
  );
  if (!match) throw new Error(`No reset link in: ${mail.text}`);
  return match[0];
};

/** Records the confirmation code or reset code a mail carries, for the run's log scan. */
export const recordMailSecrets = (text: string) => {
  recordSecret('confirmation code (e2e mail)', /is: ([A-Z0-9]{6})/.exec(text)?.[1]);
  const link = /\S+\/reset-password\?code=\S+/.exec(text)?.[0];
  recordSecret('reset code (e2e mail)', link && new URL(link).searchParams.get('code'));
};
