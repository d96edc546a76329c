import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, registerByApi, signInWithTokens } from './support/accounts.ts';
import {
  expectAccessible,
  expectNoConsoleErrors,
  hasChromium,
  launchBrowser,
  openPage,
  saveScreenshot,
  type Theme,
} from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const NOT_FOUND_TEXT =
  'The page you were looking for is not found! You may have mistyped the address or the page may have moved.';

describe.skipIf(!hasChromium)('routes, guards and theme', () => {
  let server: RunningServer;
  let browser: Browser;
  let tokens: { token: string; refreshToken: string };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    tokens = await registerByApi(server.url, newUser('routing'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const path = (page: { url: () => string }) => new URL(page.url()).pathname;

  it('sends the empty path to /login', async () => {
    const { page, consoleErrors } = await openPage(browser);
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    expect(path(page)).toBe('/login');
    expectNoConsoleErrors(consoleErrors);
  });

  it('sends visitors without a token from every /admin route to /login', async () => {
    const { page } = await openPage(browser);
    for (const route of [
      '/admin',
      '/admin/profile',
      '/admin/settings',
      '/admin/templates/Invoice',
      '/admin/nope',
    ]) {
      await page.goto(`${server.url}${route}`);
      await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
      expect(path(page), route).toBe('/login');
    }
  });

  it('sends signed-in visitors of login, register and forgot-password to /admin', async () => {
    const { page } = await openPage(browser);
    await signInWithTokens(page, server.url, tokens);
    for (const route of ['/login', '/register', '/forgot-password', '/']) {
      await page.goto(`${server.url}${route}`);
      await page.getByTestId('header-title').filter({ hasText: 'Dashboard' }).waitFor();
      expect(path(page), route).toBe('/admin');
    }
  });

  it('opens every admin route with its header title', async () => {
    const { page, consoleErrors } = await openPage(browser);
    await signInWithTokens(page, server.url, tokens);
    const titles: Record<string, string> = {
      '/admin': 'Dashboard',
      '/admin/templates': 'Templates',
      '/admin/templates/Invoice%202025': 'Template details',
      '/admin/profile': 'Profile',
      '/admin/pricing': 'Subscriptions',
      '/admin/subscription': 'My Subscription',
      '/admin/settings': 'Settings',
    };
    for (const [route, title] of Object.entries(titles)) {
      await page.goto(`${server.url}${route}`);
      await page
        .getByTestId('header-title')
        .filter({ hasText: new RegExp(`^${title}$`) })
        .waitFor();
    }
    expectNoConsoleErrors(consoleErrors);
  });

  it('shows the not-found page at top level and under /admin, with Back to Home', async () => {
    const { page } = await openPage(browser);
    await page.goto(`${server.url}/no/such/page`);
    await page.getByText(NOT_FOUND_TEXT).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    await signInWithTokens(page, server.url, tokens);
    await page.goto(`${server.url}/admin/no/such/page`);
    await page.getByText(NOT_FOUND_TEXT).waitFor();
    expect(await page.getByTestId('header-title').textContent()).toBe('Platen');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.getByTestId('header-title').filter({ hasText: 'Dashboard' }).waitFor();
    expect(path(page)).toBe('/admin');
  });

  /** Opens Profile, then Settings from the menu with its chunk answered by `settingsChunk`. */
  const openSettingsWithChunk = async (
    settingsChunk: (attempt: number) => 'missing' | 'served',
    theme: Theme = 'dark',
    width = 1440,
  ) => {
    const opened = await openPage(browser, { theme, width });
    const { page } = opened;
    await signInWithTokens(page, server.url, tokens);
    let attempts = 0;
    await page.route('**/assets/settings-*.js', async (route) => {
      attempts += 1;
      if (settingsChunk(attempts) === 'missing') await route.fulfill({ status: 404, body: '' });
      else await route.continue();
    });
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto(`${server.url}/admin/profile`);
    await page.getByTestId('header-title').filter({ hasText: 'Profile' }).waitFor();
    if (width < 1024) await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.getByRole('link', { name: 'Settings' }).click();
    return { ...opened, attempts: () => attempts, loads: () => loads };
  };

  it('reloads the page once by itself when a screen fails to load its code, and opens it', async () => {
    // After a redeploy the open tab asks for chunk names that are gone; the reload gets new ones.
    const { page, attempts, loads } = await openSettingsWithChunk((attempt) =>
      attempt === 1 ? 'missing' : 'served',
    );
    await page.getByTestId('header-title').filter({ hasText: 'Settings' }).waitFor();
    expect(path(page)).toBe('/admin/settings');
    expect([attempts(), loads()]).toEqual([2, 2]);
    expect(await page.getByText('Hey developer').count()).toBe(0);
  });

  it('shows its own error page with Reload when the code keeps failing, without a reload loop', async () => {
    for (const [theme, width] of [
      ['dark', 1440],
      ['light', 1440],
      ['dark', 390],
    ] as const) {
      let isBroken = true;
      const { page, context, attempts, loads } = await openSettingsWithChunk(
        () => (isBroken ? 'missing' : 'served'),
        theme,
        width,
      );
      await page.getByRole('heading', { name: 'Something went wrong', level: 1 }).waitFor();
      await page.getByText('Part of Platen could not be loaded').waitFor();
      expect([attempts(), loads()]).toEqual([2, 2]);
      expect(await page.getByText(/Hey developer|Unexpected Application Error/).count()).toBe(0);
      await saveScreenshot(page, `route-error-${width}-${theme}`);
      await expectAccessible(page, `route error page, ${theme}`);
      isBroken = false;
      await page.getByRole('button', { name: 'Reload' }).click();
      await page.getByTestId('header-title').filter({ hasText: 'Settings' }).waitFor();
      await context.close();
    }
  });

  it('resets the scroll position on navigation', async () => {
    const { page } = await openPage(browser, { height: 500 });
    await signInWithTokens(page, server.url, tokens);
    await page.goto(`${server.url}/admin/settings`);
    await page.getByTestId('code-sample').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Profile' })
      .click();
    await page.getByTestId('header-title').filter({ hasText: 'Profile' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('ends the session and goes to /login when the stored token is refused', async () => {
    const { page } = await openPage(browser);
    await signInWithTokens(page, server.url, { token: 'not.a.token', refreshToken: 'nope' });
    await page.goto(`${server.url}/admin/profile`);
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  });
});
