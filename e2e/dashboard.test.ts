import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, registerByApi, signInWithTokens } from './support/accounts.ts';
import { createTemplateByApi, fetchSubscriptionByApi, generateByApi } from './support/billing.ts';
import {
  expectAccessible,
  expectNoConsoleErrors,
  hasChromium,
  launchBrowser,
  openPage,
  saveScreenshot,
  widths,
  type Theme,
} from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { headerTitle, pathOf } from './support/ui.ts';

type DashboardFigures = { remainingSubscriptionDays: number };

const statValue = async (page: Page, label: string) => {
  const card = page.getByTestId('stat-card').filter({ hasText: label });
  return (await card.getByTestId('stat-value').innerText()).trim();
};

/** The chart's SVG text (axis labels), once ECharts has drawn it. */
const chartTexts = async (page: Page) => {
  const chart = page.getByTestId('usage-chart');
  await chart.locator('svg text').first().waitFor();
  return chart.locator('svg text').allTextContents();
};

describe.skipIf(!hasChromium)('the dashboard', () => {
  let server: RunningServer;
  let browser: Browser;
  let tokens: { token: string; refreshToken: string };
  let figures: DashboardFigures;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    tokens = await registerByApi(server.url, newUser('dashboard'));
    // Two templates through the API, then three documents with the account's x-api-key.
    await createTemplateByApi(server.url, tokens, 'Invoice');
    await createTemplateByApi(server.url, tokens, 'Letter');
    const { apiKey } = await fetchSubscriptionByApi(server.url, tokens);
    for (const name of ['Invoice', 'Invoice', 'Letter']) {
      await generateByApi(server.url, apiKey, name);
    }
    const response = await fetch(`${server.url}/v1/dashboard`, {
      headers: { authorization: `Bearer ${tokens.token}` },
    });
    figures = (await response.json()) as DashboardFigures;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the generated documents on the cards and in the chart, with working toggles and links', async () => {
    const { page, context, consoleErrors } = await openPage(browser, { theme: 'light' });
    await signInWithTokens(page, server.url, tokens);
    await page.goto(`${server.url}/admin`);
    await headerTitle(page, 'Dashboard');
    await page.getByTestId('stat-value').first().waitFor();

    expect(await statValue(page, 'Total Documents Generated')).toBe('3');
    expect(await statValue(page, 'Remaining documents')).toBe('97');
    expect(await statValue(page, 'Templates Available')).toBe('2');
    expect(await statValue(page, 'Remaining days of subscription')).toBe(
      String(figures.remainingSubscriptionDays),
    );

    // This month 3, last month 0: up 100 %, 'from last months: 0'.
    const trend = page.getByTestId('usage-trend');
    expect(await trend.getAttribute('data-up')).toBe('true');
    expect(await trend.getByTestId('usage-percentage').innerText()).toBe('100%');
    expect(await trend.getByTestId('last-months').innerText()).toBe('from last months: 0');

    // The chart's data: twelve months, this one with 3 (the table screen readers get).
    const rows = page.getByTestId('usage-table').locator('tbody tr');
    expect(await rows.count()).toBe(12);
    expect(await rows.last().locator('td').last().innerText()).toBe('3');
    const texts = await chartTexts(page);
    expect(texts).toEqual(expect.arrayContaining(['0', '3']));
    const chartBox = await page.getByTestId('usage-chart').boundingBox();
    expect(chartBox?.height).toBe(300);
    await saveScreenshot(page, 'dashboard-data-1440-light');
    await expectAccessible(page, 'dashboard with data');

    // Y-axis off hides the axis labels (the month labels stay); Grid off hides the lines.
    const yLabels = async () => (await chartTexts(page)).filter((t) => /^\d+(\.\d)?[kM]?$/.test(t));
    expect((await yLabels()).length).toBeGreaterThan(1);
    await page.getByRole('switch', { name: 'Y-axis' }).click();
    await expect.poll(yLabels).toEqual([]);
    await page.getByRole('switch', { name: 'Y-axis' }).click();
    await expect.poll(async () => (await yLabels()).length).toBeGreaterThan(1);
    const dashed = page.getByTestId('usage-chart').locator('svg path[stroke-dasharray]');
    expect(await dashed.count()).toBeGreaterThan(0);
    await page.getByRole('switch', { name: 'Grid' }).click();
    await expect.poll(() => dashed.count()).toBe(0);
    await page.getByRole('switch', { name: 'Toolbar' }).click();
    expect(await page.getByRole('switch', { name: 'Toolbar' }).isChecked()).toBe(false);

    // The cards lead on: templates, and the subscription with the same figures.
    await page.getByRole('link', { name: /^Templates Available: 2/ }).click();
    await headerTitle(page, 'Templates');
    await page.goBack();
    await page.getByRole('link', { name: /^Remaining documents: 97/ }).click();
    await headerTitle(page, 'My Subscription');
    await page.getByTestId('detail-PDFs This Month').filter({ hasText: '3 / 100' }).waitFor();
    expect(await page.getByTestId('detail-Remaining').innerText()).toBe('97');
    await page.getByRole('button', { name: 'Go Back' }).click();
    await headerTitle(page, 'Dashboard');
    await page.getByRole('link', { name: /^Remaining days of subscription/ }).click();
    expect(pathOf(page)).toBe('/admin/subscription');
    expectNoConsoleErrors(consoleErrors);
    await context.close();
  });

  it("shows the full-width 'Email not confirmed' toast with a link to the profile", async () => {
    const { page, context } = await openPage(browser, { width: widths.desktop, theme: 'dark' });
    await signInWithTokens(page, server.url, tokens);
    await page.goto(`${server.url}/admin`);
    const toast = page
      .locator('.mantine-Notification-root')
      .filter({ hasText: 'Email not confirmed' });
    await toast.waitFor();
    const box = await toast.boundingBox();
    expect(box?.width).toBeGreaterThan(widths.desktop * 0.9);
    await toast.getByRole('link', { name: 'Go to your profile' }).click();
    await headerTitle(page, 'Profile');
    await context.close();
  });

  for (const theme of ['light', 'dark'] as Theme[]) {
    it(`draws the chart 250 px high under 575 px wide (${theme})`, async () => {
      const { page, context, consoleErrors } = await openPage(browser, {
        width: widths.phone,
        theme,
      });
      await signInWithTokens(page, server.url, tokens);
      await page.goto(`${server.url}/admin`);
      await chartTexts(page);
      expect((await page.getByTestId('usage-chart').boundingBox())?.height).toBe(250);
      await page.evaluate(() => document.fonts.ready);
      await saveScreenshot(page, `dashboard-data-390-${theme}`);
      await expectAccessible(page, `dashboard 390 px ${theme}`);
      expectNoConsoleErrors(consoleErrors);
      await context.close();
    });
  }
});
