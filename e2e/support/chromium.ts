import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/*
 * Chromium for the browser tests and for bench/web: nothing here imports vitest, so a plain
 * Node script can drive the same browser with the same flags.
 */

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM_PATH);

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });

export type Theme = 'dark' | 'light';
export const widths = { desktop: 1440, tablet: 1100, phone: 390 } as const;

export type AppPage = { context: BrowserContext; page: Page; consoleErrors: string[] };

/**
 * A fresh browser context (its own storage) at a viewport width. Console errors are collected,
 * so a test can prove the app runs under the server's CSP without a violation.
 */
export const openPage = async (
  browser: Browser,
  opts: { width?: number; height?: number; theme?: Theme } = {},
): Promise<AppPage> => {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? widths.desktop, height: opts.height ?? 900 },
  });
  if (opts.theme) {
    await context.addInitScript((theme) => {
      if (!window.localStorage.getItem('data-theme-version')) {
        window.localStorage.setItem('data-theme-version', theme);
      }
    }, opts.theme);
  }
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { context, page, consoleErrors };
};
