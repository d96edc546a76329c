import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterEach, expect } from 'vitest';
import { CHROMIUM_PATH, cspViolations, hasChromium } from './chromium.ts';

export { hasChromium, launchBrowser, openPage, widths, type Theme } from './chromium.ts';

if (!hasChromium) {
  console.warn(
    `\n*** E2E SKIPPED: ${CHROMIUM_PATH} is not installed, so the browser tests cannot run. ` +
      'Install Debian\'s "chromium" package to run them. ***\n',
  );
}

// Every test of every browser file ends with no CSP violation on any page it opened.
afterEach(() => {
  const seen = cspViolations.splice(0);
  expect(seen, 'Content-Security-Policy violations in the browser').toEqual([]);
});

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

/*
 * axe in its "legacy" mode: axe.run in the page, into its same-origin frames. What that mode
 * cannot reach, cross-origin frames, the app never draws (its CSP's frame-src is 'self' and
 * blob:). The default mode opens a blank page in the same browser context to merge the frames'
 * results, loading axe a second time there: 1.8-2.6 s a check against 0.9-1.6 s this way on an
 * idle two-core machine, with the same passes and violations.
 */
const axe = (page: Page) => new AxeBuilder({ page }).setLegacyMode();

/** axe-core on the page as it is: no serious or critical violation. */
export const expectAccessible = async (page: Page, label: string) => {
  await waitForAnimations(page);
  const result = await axe(page).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  expect(serious).toEqual([]);
};

/**
 * axe's colour-contrast rule on these elements only, and proof that it looked at them: axe skips
 * disabled controls, so a greyed-out field would pass unseen.
 */
export const expectContrastChecked = async (page: Page, selector: string, label: string) => {
  await waitForAnimations(page);
  const result = await axe(page).include(selector).withRules(['color-contrast']).analyze();
  const failures = result.violations.flatMap((v) => v.nodes.map((n) => n.failureSummary));
  expect(failures, label).toEqual([]);
  const checked = result.passes.flatMap((rule) => rule.nodes).length;
  expect(checked, `${label}: axe measured the contrast of ${selector}`).toBeGreaterThan(0);
};

const screenshotDir = join(import.meta.dirname, '..', 'screenshots');

/** Where a screenshot of that name is kept (its folder made), for a picture of the view alone. */
export const screenshotPath = (name: string) => {
  mkdirSync(screenshotDir, { recursive: true });
  return join(screenshotDir, `${name}.png`);
};

/**
 * Saves a picture of the whole page, or of the viewport alone with `{ fullPage: false }`. A
 * whole-page capture in Chromium resizes the viewport for a moment (to 1×1 px, then back): media
 * queries flip, a responsive layout re-mounts and the focused element loses the focus. A test that
 * goes on from the focus takes the viewport alone.
 */
export const saveScreenshot = async (
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
) => {
  mkdirSync(screenshotDir, { recursive: true });
  await waitForAnimations(page);
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage });
};
