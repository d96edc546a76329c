import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmationCodeOf,
  countMails,
  newUser,
  registerByApi,
  signInWithTokens,
  waitForMail,
} from './support/accounts.ts';
import {
  expectAccessible,
  hasChromium,
  launchBrowser,
  openPage,
  saveScreenshot,
} from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { confirmDialog, headerTitle } from './support/ui.ts';

const isCodeMail = (mail: { text: string }) => mail.text.includes('is: ');

describe.skipIf(!hasChromium)('the banner of an unconfirmed e-mail address', () => {
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

  for (const { width, height, theme } of [
    { width: 1440, height: 900, theme: 'dark' },
    { width: 390, height: 844, theme: 'light' },
  ] as const) {
    it(`stays on every screen until the code is entered, and resends the code, at ${width} px`, async () => {
      const user = newUser(`banner-${width}`);
      const tokens = await registerByApi(server.url, user);
      const { page, context } = await openPage(browser, { width, height, theme });
      await signInWithTokens(page, server.url, tokens);
      await page.goto(`${server.url}/admin/templates`);
      await headerTitle(page, 'Templates');
      const banner = page.getByTestId('unconfirmed-email-banner');
      await banner.getByText('Your email address is not confirmed').waitFor();
      expect(await banner.textContent()).toContain(user.email);
      await saveScreenshot(page, `unconfirmed-email-banner-${width}-${theme}`);
      await expectAccessible(page, `unconfirmed e-mail banner at ${width} px`);

      // Resend code: SPEC's success dialog and reload; a second code is mailed.
      await waitForMail(server.url, user.email, isCodeMail);
      const mailed = await countMails(server.url, user.email, isCodeMail);
      await banner.getByRole('button', { name: 'Resend code' }).click();
      await confirmDialog(page, 'Code sent!', 'A new code is on its way to your inbox.');
      const code = await waitForMail(server.url, user.email, isCodeMail, mailed);

      // Still there on another screen, after the reload.
      await page.goto(`${server.url}/admin/settings`);
      await banner.waitFor();

      await banner.getByRole('button', { name: 'Enter code' }).click();
      const modal = page.getByRole('dialog', { name: 'Verify Email' });
      await modal.getByPlaceholder('Enter your code (e.g., ABC123)').fill(confirmationCodeOf(code));
      await modal.getByRole('button', { name: 'Verify' }).click();
      await confirmDialog(page, 'Email verified!', 'Your email address is confirmed.');
      await banner.waitFor({ state: 'detached' });
      await page.reload();
      await headerTitle(page, 'Settings');
      expect(await banner.count()).toBe(0);
      await context.close();
    });
  }
});
