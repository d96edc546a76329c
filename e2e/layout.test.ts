import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, registerByApi, signInWithTokens } from './support/accounts.ts';
import { hasChromium, launchBrowser, openPage, widths } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { headerTitle, pathOf } from './support/ui.ts';

const schemeOf = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
const storedTheme = (page: Page) =>
  page.evaluate(() => window.localStorage.getItem('data-theme-version'));
const sidebarMode = (page: Page) =>
  page.locator('[data-sidebar-mode]').getAttribute('data-sidebar-mode');

describe.skipIf(!hasChromium)('layout, sidebar and theme', () => {
  let server: RunningServer;
  let browser: Browser;
  let tokens: { token: string; refreshToken: string };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    tokens = await registerByApi(server.url, newUser('layout'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const adminPage = async (width: number) => {
    const opened = await openPage(browser, { width });
    await signInWithTokens(opened.page, server.url, tokens);
    await opened.page.goto(`${server.url}/admin`);
    await headerTitle(opened.page, 'Dashboard');
    return opened.page;
  };

  it('is full at 1440 px, and the toggle stores mini across reloads', async () => {
    const page = await adminPage(widths.desktop);
    expect(await sidebarMode(page)).toBe('full');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByText('Templates').waitFor();
    await page.getByTestId('sidebar-toggle').click();
    await page.locator('[data-sidebar-mode="mini"]').waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('sidebar-style'))).toBe('mini');
    await nav.getByRole('link', { name: 'Templates' }).waitFor();
    expect(await nav.getByText('Templates').count()).toBe(0);
    await page.reload();
    await page.locator('[data-sidebar-mode="mini"]').waitFor();
    await page.getByTestId('sidebar-toggle').click();
    await page.locator('[data-sidebar-mode="full"]').waitFor();
  });

  it('is mini at 1100 px whatever is stored', async () => {
    const page = await adminPage(widths.tablet);
    await page.evaluate(() => window.localStorage.setItem('sidebar-style', 'full'));
    await page.reload();
    await page.locator('[data-sidebar-mode="mini"]').waitFor();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await headerTitle(page, 'Settings');
  });

  it('is an overlay at 390 px, opened by the toggle and closed by navigating', async () => {
    const page = await adminPage(widths.phone);
    expect(await sidebarMode(page)).toBe('overlay');
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.getByTestId('sidebar-toggle').click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Profile' }).click();
    await headerTitle(page, 'Profile');
    await drawer.waitFor({ state: 'detached' });
  });

  it('shows the generated initials picture, the dropdown, and the side panel sized to the window', async () => {
    const page = await adminPage(widths.desktop);
    const avatar = page.getByTestId('user-menu').locator('img');
    const src = (await avatar.getAttribute('src')) ?? '';
    expect(decodeURIComponent(src)).toContain('>AL</text>');
    expect(decodeURIComponent(src)).toContain('width="100" height="100"');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Toggle side panel' }).click();
    const panel = page.getByTestId('side-panel');
    const box = await panel.boundingBox();
    expect(Math.round(box?.height ?? 0)).toBe(900 - 206);
    await panel.getByRole('button', { name: 'Close side panel' }).click();
    await panel.waitFor({ state: 'detached' });
  });

  it('stores ?theme= and applies the stored theme before the app script runs', async () => {
    const { page } = await openPage(browser);
    await page.goto(`${server.url}/login?theme=light`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await storedTheme(page)).toBe('light');
    expect(await schemeOf(page)).toBe('light');
    // Without the app bundle, the head script alone sets the theme: no flash of the default.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`${server.url}/login`);
    expect(await schemeOf(page)).toBe('light');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(248, 249, 250)');
    await page.goto(`${server.url}/login?theme=dark`);
    expect(await schemeOf(page)).toBe('dark');
    expect(await storedTheme(page)).toBe('dark');
  });

  it('defaults to dark, and the settings switch and editor theme persist', async () => {
    const page = await adminPage(widths.desktop);
    expect(await schemeOf(page)).toBe('dark');
    await page.goto(`${server.url}/admin/settings`);
    const sample = page.getByTestId('code-sample');
    await page.locator('.ace_content').waitFor();
    expect(await sample.getAttribute('data-editor-theme')).toBe('merbivore_soft');
    await page.getByRole('switch', { name: 'Dark theme' }).click({ force: true });
    expect(await storedTheme(page)).toBe('light');
    expect(await schemeOf(page)).toBe('light');
    await page.reload();
    await page.locator('.ace_content').waitFor();
    expect(await schemeOf(page)).toBe('light');
    expect(await sample.getAttribute('data-editor-theme')).toBe('dawn');
    await page.getByRole('textbox', { name: 'Editor theme' }).click();
    await page.getByRole('option', { name: 'Dracula' }).click();
    await page.locator('.ace-dracula').waitFor();
    await page.reload();
    await page.locator('.ace-dracula').waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('editor-theme'))).toBe('dracula');
    expect(pathOf(page)).toBe('/admin/settings');
  });
});
