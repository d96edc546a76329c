import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newUser,
  registerByApi,
  signInWithTokens,
  typedPassword,
  waitForMail,
} from './support/accounts.ts';
import {
  expectAccessible,
  expectNoConsoleErrors,
  hasChromium,
  launchBrowser,
  openPage,
  saveScreenshot,
} from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { expectToast, headerTitle, pathOf, signInHeading } from './support/ui.ts';

describe.skipIf(!hasChromium)('deleting the account', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('asks for the password and the e-mail typed out, deletes, and signs out', async () => {
    const user = newUser('leaving');
    const tokens = await registerByApi(server.url, user);
    const { page, consoleErrors } = await openPage(browser);
    await signInWithTokens(page, server.url, tokens);
    await page.goto(`${server.url}/admin/profile`);
    await headerTitle(page, 'Profile');

    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByText('cancels a paid plan at once').waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await dialog.getByLabel('Password', { exact: true }).fill(typedPassword('not my password'));
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(`Type ${user.email} to confirm`).fill(user.email.toUpperCase());
    await expectAccessible(page, 'delete account dialog');
    await saveScreenshot(page, 'profile-delete-account');

    // A wrong password is said, and nothing happens.
    await confirm.click();
    await expectToast(page, 'Account not deleted', 'Your password is not correct.');
    expect(pathOf(page)).toBe('/admin/profile');

    await dialog.getByLabel('Password', { exact: true }).fill(user.password);
    await confirm.click();
    await expectToast(page, 'Account deleted', 'Your account has been deleted.');
    await signInHeading(page);
    expect(pathOf(page)).toBe('/login');
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

    const mail = await waitForMail(server.url, user.email, (m) =>
      m.subject.includes('account has been deleted'),
    );
    expect(mail.text).toContain('register again');

    // The old password no longer signs in.
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectToast(page, 'Login failed', 'Incorrect email or password.');
    expectNoConsoleErrors(consoleErrors);
  });
});
