import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/*
 * Chromium for the browser tests and for bench/web: nothing here imports vitest, so a plain
 * Node script can drive the same browser with the same flags.
 */

/*
 * Debian's whole browser, in its new headless mode. Debian's chromium-headless-shell (the build
 * Playwright launches by default) ran versions.test.ts in 82 s against 101-112 s here, with no
 * WebUI renderer for each window's own interface. It has no PDF viewer, though: a PDF the app
 * opens in a tab is downloaded there, and the tests that read a generated PDF from its tab
 * (pdf-tabs.ts) wait for the tab to show its blob: URL.
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
 * Content-Security-Policy violations reported by any page opened here, until someone takes them
 * (the browser tests do after every test, see browser.ts): the app must run under the policy.
 */
export const cspViolations: string[] = [];

/** Chromium logs each blocked script, style or frame as a console error naming the policy. */
const isCspMessage = (text: string) => /Content[ -]Security[ -]Policy/i.test(text);

const reportCspViolations = async (context: BrowserContext) => {
  await context.exposeFunction('reportCspViolation', (text: string) => cspViolations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const { reportCspViolation } = window as unknown as {
        reportCspViolation: (text: string) => void;
      };
      reportCspViolation(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline code'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
};

/**
 * A fresh browser context (its own storage) at a viewport width. Console errors are collected for
 * a test to check; CSP violations also go to `cspViolations`.
 */
export const openPage = async (
  browser: Browser,
  opts: { width?: number; height?: number; theme?: Theme; hasTouch?: boolean } = {},
): Promise<AppPage> => {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? widths.desktop, height: opts.height ?? 900 },
    hasTouch: opts.hasTouch ?? false,
  });
  if (opts.theme) {
    await context.addInitScript((theme) => {
      if (!window.localStorage.getItem('data-theme-version')) {
        window.localStorage.setItem('data-theme-version', theme);
      }
    }, opts.theme);
  }
  await reportCspViolations(context);
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    consoleErrors.push(message.text());
    if (isCspMessage(message.text())) cspViolations.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { context, page, consoleErrors };
};
