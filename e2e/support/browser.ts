import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM_PATH);

if (!hasChromium) {
  console.warn(
    `\n*** E2E SKIPPED: ${CHROMIUM_PATH} is not installed, so the browser tests cannot run. ` +
      'Install Debian\'s "chromium" package to run them. ***\n',
  );
}

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

/** No console error other than the failed calls a test provokes on purpose (4xx answers). */
export const expectNoConsoleErrors = (errors: string[]) => {
  const unexpected = errors.filter((text) => !/status of 4\d\d/.test(text));
  expect(unexpected).toEqual([]);
};

/** Waits until no CSS transition or animation runs (toasts and modals fade in). */
export const waitForAnimations = (page: Page) =>
  page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );

/** axe-core on the page as it is: no serious or critical violation. */
export const expectAccessible = async (page: Page, label: string) => {
  await waitForAnimations(page);
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  expect(serious).toEqual([]);
};

const screenshotDir = join(import.meta.dirname, '..', 'screenshots');

export const saveScreenshot = async (page: Page, name: string) => {
  mkdirSync(screenshotDir, { recursive: true });
  await waitForAnimations(page);
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
};
