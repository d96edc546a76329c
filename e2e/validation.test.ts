import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newUser,
  registerByApi,
  signInWithTokens,
  typedPassword,
  type TestUser,
} from './support/accounts.ts';
import { hasChromium, launchBrowser, openPage, saveScreenshot } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { confirmDialog, expectToast, headerTitle } from './support/ui.ts';

const password = (page: Page | ReturnType<Page['locator']>, label: string) =>
  page.getByLabel(label, { exact: true });

// Passwords these forms send to the server; the run's log scan looks for them.
const wrongPassword = typedPassword('wrong password 7');
const validPassword = typedPassword('long enough 8');
const notMyPassword = typedPassword('not my password 9');

describe.skipIf(!hasChromium)('validation messages (product.md#validation, #errors)', () => {
  let server: RunningServer;
  let browser: Browser;
  let user: TestUser;
  let tokens: { token: string; refreshToken: string };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    user = newUser('validation');
    tokens = await registerByApi(server.url, user);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('checks the login form, then shows the server refusal', async () => {
    const { page } = await openPage(browser);
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectToast(page, 'Invalid Email', 'Please enter a valid email address.');
    await page.getByLabel('Email').fill(user.email);
    await password(page, 'Password').fill('12345');
    await password(page, 'Password').press('Enter');
    await expectToast(page, 'Wrong Password', 'Password must be at least 6 characters long.');
    await password(page, 'Password').fill(wrongPassword);
    await password(page, 'Password').press('Enter');
    await expectToast(page, 'Login failed', 'Incorrect email or password.');
  });

  it('checks the register form field by field, then shows the server refusal', async () => {
    const { page } = await openPage(browser);
    await page.goto(`${server.url}/register`);
    const submit = page.getByRole('button', { name: 'Create account' });
    await submit.click();
    await expectToast(page, 'Missing First Name', 'First name is required.');
    await page.getByLabel('First name').fill('Grace');
    await submit.click();
    await expectToast(page, 'Missing Last Name', 'Last name is required.');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Email').fill('not-an-email');
    await submit.click();
    await expectToast(page, 'Invalid Email', 'Please enter a valid email address.');
    await page.getByLabel('Email').fill(user.email);
    await password(page, 'Password').fill('short');
    await submit.click();
    await expectToast(page, 'Weak Password', 'Password must be at least 6 characters long.');
    await password(page, 'Password').fill(validPassword);
    await submit.click();
    await expectToast(page, 'Registration failed', 'An account with this email already exists.');
  });

  it.each([1440, 390])(
    'marks every missing field of an empty sign-up form at once, under its input (%i px)',
    async (width) => {
      const { page } = await openPage(browser, { width, height: width < 800 ? 844 : 900 });
      await page.goto(`${server.url}/register`);
      await page.getByRole('button', { name: 'Create account' }).click();
      const underInputs = page.locator('form .mantine-InputWrapper-error');
      await expect
        .poll(() => underInputs.allTextContents())
        .toEqual([
          'First name is required.',
          'Last name is required.',
          'Please enter a valid email address.',
          'Password must be at least 6 characters long.',
        ]);
      for (const label of ['First name', 'Last name', 'Email']) {
        expect(await page.getByLabel(label).getAttribute('aria-invalid')).toBe('true');
      }
      // The keyboard goes to the first, which the toast still names with its title (asked before
      // the whole-page screenshot, which resizes the viewport for a moment).
      expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe(
        'given-name',
      );
      await saveScreenshot(page, `register-all-missing-${width}-dark`);
      await expectToast(page, 'Missing First Name', 'First name is required.');
      // A field typed in again loses its message; the others keep theirs.
      await page.getByLabel('First name').fill('Grace');
      await expect.poll(() => underInputs.count()).toBe(3);
    },
  );

  it('checks the forgot-password e-mail pattern', async () => {
    const { page } = await openPage(browser);
    await page.goto(`${server.url}/forgot-password`);
    await page.getByLabel('Email').fill('ada@example.c');
    await page.getByLabel('Email').press('Enter');
    await expectToast(page, 'Invalid email.', 'Please write a valid email');
  });

  it('checks the reset-password form and shows a refused code', async () => {
    const { page } = await openPage(browser);
    await page.goto(`${server.url}/reset-password?code=not-a-real-code`);
    const submit = page.getByRole('button', { name: 'Change password' });
    await password(page, 'New password').fill('short');
    await submit.click();
    await expectToast(
      page,
      'Password length',
      'The password needs a minimum length of 6 characters',
    );
    await password(page, 'New password').fill(validPassword);
    await password(page, 'Confirm password').fill('   ');
    await submit.click();
    await expectToast(page, 'Confirmation password.', 'Please confirm your new password');
    await password(page, 'Confirm password').fill('different');
    await submit.click();
    await expectToast(page, 'Password mismatch', 'The passwords do not match');
    await password(page, 'Confirm password').fill(validPassword);
    await submit.click();
    await confirmDialog(
      page,
      'Request Error',
      'This reset link is invalid or has expired. Please request a new one.',
    );
  });

  it('checks the profile screen: password, profile update, picture and e-mail code', async () => {
    const { page } = await openPage(browser);
    await signInWithTokens(page, server.url, tokens);
    await page.goto(`${server.url}/admin/profile`);
    await headerTitle(page, 'Profile');

    const card = page.getByRole('region', { name: 'Change password' });
    const change = card.getByRole('button', { name: 'Change password' });
    await change.click();
    await expectToast(page, 'Confirmation password.', 'Please confirm your new password');
    await password(card, 'New password').fill('short');
    await password(card, 'Confirm password').fill('short');
    await change.click();
    await expectToast(page, 'Password length', 'The password needs a minimum length of 6');
    await password(card, 'Current password').fill(notMyPassword);
    await password(card, 'New password').fill(validPassword);
    await password(card, 'Confirm password').fill(validPassword);
    await change.click();
    await confirmDialog(page, 'Password Error', /current password/i);

    const profile = page.getByRole('region', { name: 'Update profile' });
    const update = profile.getByRole('button', { name: 'Update profile' });
    await profile.getByLabel('First name').fill('');
    await update.click();
    await expectToast(page, 'Missing First Name', 'First name should not be empty');
    await profile.getByLabel('First name').fill('Ada');
    await profile.getByLabel('Last name').fill('');
    await update.click();
    await expectToast(page, 'Missing Last Name', 'Last name should not be empty');
    await profile.getByLabel('Last name').fill('Lovelace');
    await update.click();
    await expectToast(page, 'Missing Title', 'Please fill in a title for yourself');
    await profile.getByRole('button', { name: 'Upload picture' }).click();
    await confirmDialog(page, 'Missing fields!', 'Please fill in all fields.');

    await page.getByRole('button', { name: 'Verify email' }).click();
    const modal = page.getByRole('dialog', { name: 'Verify Email' });
    await modal.getByRole('button', { name: 'Verify' }).click();
    await modal.getByText("The code can't be empty").waitFor();
    await modal.getByPlaceholder('Enter your code (e.g., ABC123)').fill('ZZZ999');
    await modal.getByRole('button', { name: 'Verify' }).click();
    await confirmDialog(page, 'Confirmation Error', /code/i);
  });
});
