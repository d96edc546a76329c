import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmationCodeOf,
  newUser,
  resetLinkOf,
  typedPassword,
  waitForMail,
} from './support/accounts.ts';
import { expectNoConsoleErrors, hasChromium, launchBrowser, openPage } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { confirmDialog, expectToast, headerTitle, pathOf, signInHeading } from './support/ui.ts';

describe.skipIf(!hasChromium)('the account journey', () => {
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

  it('registers, verifies the e-mail, changes and resets the password, and signs in again', async () => {
    const user = newUser('journey');
    const { page, consoleErrors } = await openPage(browser);
    const tokenOf = () => page.evaluate(() => window.localStorage.getItem('token'));

    // Register (Enter submits) → dashboard, with the unconfirmed e-mail toast.
    await page.goto(`${server.url}/register`);
    await page.getByLabel('First name').fill(user.firstName);
    await page.getByLabel('Last name').fill(user.lastName);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await headerTitle(page, 'Dashboard');
    await page.getByText('Email not confirmed').waitFor();
    await page
      .getByRole('button', { name: `Account menu of ${user.firstName} ${user.lastName}` })
      .waitFor();

    // Profile through the header menu; verify the e-mail with the mailed code.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await headerTitle(page, 'Profile');
    await page
      .getByTestId('email-verified-icon')
      .and(page.locator('[data-verified="false"]'))
      .waitFor();
    await page.getByRole('button', { name: 'Verify email' }).click();
    const modal = page.getByRole('dialog', { name: 'Verify Email' });
    await modal.getByRole('button', { name: 'Verify' }).click();
    await modal.getByText("The code can't be empty").waitFor();
    const codeMail = await waitForMail(server.url, user.email, (m) => m.text.includes('is: '));
    await modal
      .getByPlaceholder('Enter your code (e.g., ABC123)')
      .fill(confirmationCodeOf(codeMail));
    await modal.getByRole('button', { name: 'Verify' }).click();
    await confirmDialog(page, 'Email verified!', 'Your email address is confirmed.');
    await page
      .getByTestId('email-verified-icon')
      .and(page.locator('[data-verified="true"]'))
      .waitFor();
    expect(await page.getByTestId('verify-section').count()).toBe(0);

    // Change the password: a mismatch blocks the button, success clears the fields.
    const newPassword = typedPassword('a new secret 2');
    const card = page.getByRole('region', { name: 'Change password' });
    await card.getByLabel('Current password', { exact: true }).fill(user.password);
    await card.getByLabel('New password', { exact: true }).fill(newPassword);
    await card.getByLabel('Confirm password', { exact: true }).fill('something else');
    await card.getByText('Passwords do not match').waitFor();
    expect(await card.getByRole('button', { name: 'Change password' }).isDisabled()).toBe(true);
    await card.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await card.getByText('Passwords do not match').waitFor({ state: 'detached' });
    await card.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, 'Password changed', 'Your password has been changed.');
    for (const label of ['Current password', 'New password', 'Confirm password']) {
      expect(await card.getByLabel(label, { exact: true }).inputValue()).toBe('');
    }

    // Logout → /login without tokens; login with the new password (Enter submits).
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await signInHeading(page);
    expect(pathOf(page)).toBe('/login');
    expect(await tokenOf()).toBeNull();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await headerTitle(page, 'Dashboard');

    // Forgot password → the dialog → login; the mailed link → reset → signed in.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await signInHeading(page);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The sign-in page has an Email field too: fill the one of the new page.
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Email').press('Enter');
    await confirmDialog(
      page,
      'Reset password!',
      'If an account with that email exists, you will receive a password reset link shortly.',
    );
    await signInHeading(page);
    const resetMail = await waitForMail(server.url, user.email, (m) =>
      m.text.includes('/reset-password?code='),
    );
    const link = resetLinkOf(resetMail, server.url);
    await page.goto(link);
    const code = new URL(link).searchParams.get('code') ?? '';
    const codeField = page.getByLabel('Confirmation code');
    expect(await codeField.inputValue()).toBe(code);
    expect(await codeField.isEditable()).toBe(false);
    // A password refused first: its toast must not follow the user to the dashboard.
    const tooShort = typedPassword('zq7-x');
    await page.getByLabel('New password', { exact: true }).fill(tooShort);
    await page.getByLabel('Confirm password', { exact: true }).fill(tooShort);
    await page.getByRole('button', { name: 'Change password' }).click();
    const lengthToast = page
      .locator('.mantine-Notification-root')
      .filter({ hasText: 'Password length' });
    await lengthToast.waitFor();
    const resetPassword = typedPassword('reset secret 3');
    await page.getByLabel('New password', { exact: true }).fill(resetPassword);
    await page.getByLabel('Confirm password', { exact: true }).fill(resetPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await headerTitle(page, 'Dashboard');
    expect(await tokenOf()).toBeTruthy();
    // Gone after its closing transition, well before its own 5 s time-out would close it.
    await expect.poll(() => lengthToast.count(), { timeout: 2_000 }).toBe(0);

    // The reset password is the one that works now.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await signInHeading(page);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(resetPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await headerTitle(page, 'Dashboard');
    expectNoConsoleErrors(consoleErrors);
  });
});
