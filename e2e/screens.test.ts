import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { newUser, registerByApi, signInWithTokens } from './support/accounts.ts';
import {
  expectAccessible,
  expectContrastChecked,
  expectNoConsoleErrors,
  hasChromium,
  launchBrowser,
  openPage,
  saveScreenshot,
  widths,
  type Theme,
} from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

type Screen = {
  name: string;
  path: string;
  ready: (page: Page) => Promise<void>;
  /** Read-only inputs, which must stay readable (4.5:1) rather than greyed out. */
  readOnlyInputs?: string[];
};

const heading = (name: string) => (page: Page) =>
  page.getByRole('heading', { name, exact: true }).first().waitFor();

const publicScreens: Screen[] = [
  { name: 'login', path: '/login', ready: heading('Sign in') },
  { name: 'register', path: '/register', ready: heading('Create an account') },
  { name: 'forgot-password', path: '/forgot-password', ready: heading('Forgot password') },
  {
    name: 'reset-password',
    path: '/reset-password?code=abc123def456',
    ready: heading('Reset password'),
    readOnlyInputs: ['[data-testid="confirmation-code"]'],
  },
  { name: 'not-found', path: '/no/such/page', ready: heading('Page not found') },
];

const adminScreens: Screen[] = [
  { name: 'dashboard', path: '/admin', ready: heading('Documents Generated') },
  { name: 'profile', path: '/admin/profile', ready: heading('Change password') },
  {
    name: 'settings',
    path: '/admin/settings',
    ready: async (page) => {
      await page.locator('.ace_content').waitFor();
    },
  },
  { name: 'templates', path: '/admin/templates', ready: heading('No templates available.') },
  { name: 'pricing', path: '/admin/pricing', ready: heading('Simple, scalable pricing.') },
  { name: 'subscription', path: '/admin/subscription', ready: heading('My Subscription') },
  { name: 'template-details', path: '/admin/templates/Invoice', ready: heading('Invoice') },
  { name: 'admin-not-found', path: '/admin/nope', ready: heading('Page not found') },
];

describe.skipIf(!hasChromium)('every screen at 1440 and 390 px in both themes', () => {
  let server: RunningServer;
  let browser: Browser;
  let tokens: { token: string; refreshToken: string };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    tokens = await registerByApi(server.url, newUser('screens'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const visitAll = async (screens: Screen[], theme: Theme, width: number, signIn: boolean) => {
    const { page, context, consoleErrors } = await openPage(browser, { width, theme });
    if (signIn) await signInWithTokens(page, server.url, tokens);
    for (const screen of screens) {
      await page.goto(`${server.url}${screen.path}`);
      await screen.ready(page);
      await page.evaluate(() => document.fonts.ready);
      await saveScreenshot(page, `${screen.name}-${width}-${theme}`);
      await expectAccessible(page, `${screen.name} ${theme} ${width}px`);
      for (const selector of screen.readOnlyInputs ?? []) {
        await expectContrastChecked(page, selector, `${screen.name} ${theme} ${width}px`);
      }
    }
    expectNoConsoleErrors(consoleErrors);
    await context.close();
  };

  for (const theme of ['dark', 'light'] as const) {
    for (const width of [widths.desktop, widths.phone]) {
      it(`public screens, ${theme}, ${width} px`, async () => {
        await visitAll(publicScreens, theme, width, false);
      });
      it(`admin screens, ${theme}, ${width} px`, async () => {
        await visitAll(adminScreens, theme, width, true);
      });
    }
  }
});
