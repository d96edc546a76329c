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
import { expectToast, headerTitle, pathOf } from './support/ui.ts';

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
    // A page clock the test may stop (below); it runs as the real one until then.
    await page.clock.install();
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
    const wrongPassword = page
      .locator('.mantine-Notification-root')
      .filter({ hasText: 'Your password is not correct.' });
    await wrongPassword.waitFor();
    expect(pathOf(page)).toBe('/admin/profile');

    // The page's clock stops, so that message cannot close on its own time (5 s): only the
    // success of the deletion it belonged to may close it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    await dialog.getByLabel('Password', { exact: true }).fill(user.password);
    await confirm.click();
    const login = page.getByRole('heading', { name: 'Sign in', level: 1 });
    for (let step = 0; step < 30 && (await login.count()) === 0; step++) {
      await page.clock.runFor(50);
    }
    await page.clock.runFor(600); // the toasts' transitions, 300 ms each
    expect(await login.count()).toBe(1);
    expect(await wrongPassword.count()).toBe(0);
    await page.clock.resume();
    await saveScreenshot(page, 'account-deleted-login');
    await expectToast(page, 'Account deleted', 'Your account has been deleted.');
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
