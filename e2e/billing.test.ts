import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, registerByApi, signInWithTokens } from './support/accounts.ts';
import { confirmEmailByApi, createVoucher, fetchSubscriptionByApi } from './support/billing.ts';
import {
  expectAccessible,
  expectNoConsoleErrors,
  hasChromium,
  launchBrowser,
  openPage,
  saveScreenshot,
  widths,
} from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { confirmDialog, expectToast, headerTitle, pathOf } from './support/ui.ts';

const detail = (page: Page, label: string) => page.getByTestId(`detail-${label}`);
const detailText = async (page: Page, label: string) =>
  (await detail(page, label).innerText()).trim();
const planCard = (page: Page, type: string) =>
  page.getByRole('region', { name: type, exact: true });

/** My Subscription has loaded (its loading card has made way for the details). */
const subscriptionShown = async (page: Page, planType: string) => {
  await headerTitle(page, 'My Subscription');
  await detail(page, 'Plan')
    .filter({ hasText: new RegExp(`^${planType}$`) })
    .waitFor();
};

const medium = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso));
const short = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'short' }).format(new Date(iso));

describe.skipIf(!hasChromium)('plans, checkout, billing portal and vouchers', () => {
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

  it('subscribes to PRO through the local checkout, shows it ACTIVE, and cancels it in the billing portal', async () => {
    const user = newUser('checkout');
    const tokens = await registerByApi(server.url, user);
    const { page, context, consoleErrors } = await openPage(browser, { theme: 'light' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await signInWithTokens(page, server.url, tokens);

    // FREE is the active plan: its badge and 'Subscription details'; the others can be chosen.
    await page.goto(`${server.url}/admin/pricing`);
    await page.getByRole('heading', { name: 'Simple, scalable pricing.' }).waitFor();
    await page.getByText('No extra charges. No hidden fees.').waitFor();
    const free = planCard(page, 'FREE');
    await free.getByText('Active', { exact: true }).waitFor();
    await free.getByRole('link', { name: 'Subscription details' }).waitFor();
    const pro = planCard(page, 'PRO');
    for (const text of [
      '€29.99',
      'Unlimited Templates',
      '5,000 document generations per month',
      '€0.02 per additional document',
      'Single API Key',
      'Priority email support',
    ]) {
      await pro.getByText(text, { exact: true }).waitFor();
    }
    expect(await pro.getByText('Active', { exact: true }).count()).toBe(0);

    // Checkout needs a confirmed e-mail (server code 40012).
    await pro.getByRole('button', { name: 'Subscribe to PRO' }).click();
    await confirmDialog(
      page,
      'Email not confirmed',
      'Please confirm your email address before subscribing to a paid plan.',
    );
    await confirmEmailByApi(server.url, user, tokens);

    // The local provider's hosted checkout: Pay returns to My Subscription, now on PRO.
    await pro.getByRole('button', { name: 'Subscribe to PRO' }).click();
    await page.waitForURL(/\/dev\/payments\/checkout\//);
    await page.getByRole('heading', { name: 'Subscribe to PRO' }).waitFor();
    for (const price of ['€29.99', '€0.02 each']) await page.getByText(price).waitFor();
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(`${server.url}/admin/subscription`);
    await subscriptionShown(page, 'PRO');
    await expectToast(page, 'Payment received', 'You are now on PRO.');
    const sub = await fetchSubscriptionByApi(server.url, tokens);
    expect(await detailText(page, 'Status')).toBe('ACTIVE');
    expect(await page.getByTestId('subscription-status').getAttribute('data-color')).toBe('green');
    expect(await detailText(page, 'Start Date')).toBe(medium(sub.billingCycleStart));
    expect(await detailText(page, 'End Date')).toBe(medium(sub.endTime ?? ''));
    expect(await detailText(page, 'Auto-Renewal')).toBe('Yes');
    expect(await detailText(page, 'Voucher')).toBe('—');
    expect(await detailText(page, 'PDFs This Month')).toBe('0 / 5,000');
    expect(await detailText(page, 'Remaining')).toBe('5,000');
    expect(await detailText(page, 'Billing Cycle')).toBe(
      `${short(sub.billingCycleStart)} - ${short(sub.billingCycleEnd)}`,
    );
    expect(await detailText(page, 'Overage Charges')).toBe('€0.00');
    expect(await page.getByRole('button', { name: 'Cancel Voucher subscription' }).count()).toBe(0);

    // The API key is hidden until clicked; the copy icon puts it on the clipboard.
    expect(await page.getByTestId('api-key').count()).toBe(0);
    expect(await page.getByText(sub.apiKey).count()).toBe(0);
    await page.getByRole('button', { name: 'Show API key' }).click();
    expect(await page.getByTestId('api-key').innerText()).toBe(sub.apiKey);
    await page.getByRole('button', { name: 'Copy API key' }).click();
    await expectToast(page, 'Success', 'API Key copied to clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sub.apiKey);
    await saveScreenshot(page, 'billing-subscription-pro-1440-light');
    await expectAccessible(page, 'My Subscription on PRO');

    // Another plan is refused in the browser while PRO runs: no checkout call is made.
    let checkoutCalls = 0;
    page.on('request', (r) => {
      if (r.url().includes('create-checkout-session')) checkoutCalls += 1;
    });
    await page.goto(`${server.url}/admin/pricing`);
    await planCard(page, 'PRO').getByText('Active', { exact: true }).waitFor();
    await planCard(page, 'STARTER').getByRole('button', { name: 'Subscribe to STARTER' }).click();
    await confirmDialog(
      page,
      'PRO plan',
      'Cancel your subscription via billing portal to subscribe to a new plan',
    );
    expect(checkoutCalls).toBe(0);
    await planCard(page, 'PRO').getByRole('link', { name: 'Subscription details' }).click();
    await subscriptionShown(page, 'PRO');

    // The billing portal cancels at period end: back in the app the plan is CANCELED (amber).
    await page.getByRole('button', { name: 'Go to Billing Portal' }).click();
    await page.waitForURL(/\/dev\/payments\/portal\//);
    await page.getByRole('button', { name: 'Cancel at period end' }).click();
    await page.getByRole('button', { name: 'Resume subscription' }).waitFor();
    await page.getByRole('link', { name: 'Back to Platen' }).click();
    await subscriptionShown(page, 'PRO');
    expect(await detailText(page, 'Status')).toBe('CANCELED');
    expect(await page.getByTestId('subscription-status').getAttribute('data-color')).toBe('yellow');
    expect(await detailText(page, 'Auto-Renewal')).toBe('No');
    expect(await detailText(page, 'End Date')).toBe(medium(sub.endTime ?? ''));

    // Cancelled, PRO still runs until its period ends: the pricing page says so instead of
    // Active, and a voucher is refused with that date rather than sending the user back to the
    // portal they have just used.
    await page.goto(`${server.url}/admin/pricing`);
    const ending = planCard(page, 'PRO');
    await ending.getByText(`Ends ${medium(sub.endTime ?? '')}`, { exact: true }).waitFor();
    expect(await ending.getByText('Active', { exact: true }).count()).toBe(0);
    await saveScreenshot(page, 'billing-pricing-pro-ending-1440-light');
    const code = await createVoucher(server, { plan: 'BUSINESS', days: 30 });
    const voucher = page.getByRole('region', { name: "Don't need a subscription." });
    await voucher.getByLabel('Code').fill(code);
    await voucher.getByRole('button', { name: 'Verify' }).click();
    const endsOn = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
    await confirmDialog(
      page,
      'Voucher error',
      `Your paid plan is cancelled and stays active until ${endsOn.format(new Date(sub.endTime ?? ''))}. ` +
        'You can redeem a voucher once it has ended.',
    );
    await page.goto(`${server.url}/admin/subscription`);
    await subscriptionShown(page, 'PRO');

    // Go Back after a full page load leads into the app, not out of it.
    await page.getByRole('button', { name: 'Go Back' }).click();
    await headerTitle(page, 'Dashboard');
    expectNoConsoleErrors(consoleErrors);
    await context.close();
  });

  it('redeems a voucher made with npm run voucher, cancels it, and is back on FREE', async () => {
    const user = newUser('voucher');
    const tokens = await registerByApi(server.url, user);
    const code = await createVoucher(server, { plan: 'BUSINESS', days: 30 });
    const { page, context, consoleErrors } = await openPage(browser, {
      width: widths.phone,
      theme: 'dark',
    });
    await signInWithTokens(page, server.url, tokens);
    await page.goto(`${server.url}/admin/pricing`);
    const voucher = page.getByRole('region', { name: "Don't need a subscription." });
    await voucher.getByText('Have a voucher ?').waitFor();

    // Empty: a toast and no call. Unknown: the server's words in the 'Voucher error' alert.
    await voucher.getByRole('button', { name: 'Verify' }).click();
    await expectToast(page, 'Error', 'Voucher code should not be empty');
    await voucher.getByLabel('Code').fill('NOT-A-CODE');
    await voucher.getByRole('button', { name: 'Verify' }).click();
    await confirmDialog(
      page,
      'Voucher error',
      'This voucher code is not valid, has expired or has been used up.',
    );

    await voucher.getByLabel('Code').fill(code);
    await voucher.getByRole('button', { name: 'Verify' }).click();
    await confirmDialog(page, 'Successful confirmation!', 'Subscription verified successfully.');
    await subscriptionShown(page, 'BUSINESS');
    const sub = await fetchSubscriptionByApi(server.url, tokens);
    expect(await detailText(page, 'Voucher')).toBe('Applied');
    expect(await detailText(page, 'Status')).toBe('ACTIVE');
    expect(await detailText(page, 'End Date')).toBe(medium(sub.endTime ?? ''));
    expect(await detailText(page, 'PDFs This Month')).toBe('0 / 25,000');
    expect(await page.getByRole('button', { name: 'Go to Billing Portal' }).count()).toBe(0);
    await saveScreenshot(page, 'billing-subscription-voucher-390-dark');
    await expectAccessible(page, 'My Subscription with a voucher');

    // 'No, keep it' keeps it; 'Yes, cancel it!' ends it and leads to the plans.
    const cancel = page.getByRole('button', { name: 'Cancel Voucher subscription' });
    await cancel.click();
    let confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByText(/BUSINESS plan.*You won't be able to revert this!/).waitFor();
    await confirm.getByRole('button', { name: 'No, keep it' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await detailText(page, 'Voucher')).toBe('Applied');
    await cancel.click();
    confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByRole('button', { name: 'Yes, cancel it!' }).click();
    await confirmDialog(page, 'Deleted!', 'The subscription has been canceled.');
    await headerTitle(page, 'Subscriptions');
    expect(pathOf(page)).toBe('/admin/pricing');
    await planCard(page, 'FREE').getByText('Active', { exact: true }).waitFor();
    await saveScreenshot(page, 'billing-pricing-390-dark');

    // On FREE: no overage row, no portal, no voucher button; the code is used up.
    await page.goto(`${server.url}/admin/subscription`);
    await subscriptionShown(page, 'FREE');
    expect(await detailText(page, 'Voucher')).toBe('—');
    expect(await detailText(page, 'End Date')).toBe('—');
    expect(await detail(page, 'Overage Charges').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Billing Portal|Cancel Voucher/ }).count()).toBe(
      0,
    );
    expect(
      (await fetchSubscriptionByApi(server.url, tokens)).subscriptionPlan.subscriptionType,
    ).toBe('FREE');
    // The voucher is kept below as ended: BUSINESS through a voucher, red EXPIRED, its period.
    const ended = page.getByRole('region', { name: 'Previous subscriptions' });
    const item = ended.getByTestId('ended-subscription');
    await item.waitFor();
    expect(await item.count()).toBe(1);
    expect(await item.getByTestId('ended-plan').innerText()).toBe('BUSINESS · Voucher');
    expect(await item.getByTestId('ended-period').innerText()).toBe(
      `${medium(sub.startTime)} - ${medium(new Date().toISOString())}`,
    );
    expect(await item.getByText('EXPIRED', { exact: true }).count()).toBe(1);
    expect(await item.locator('[data-color]').getAttribute('data-color')).toBe('red');
    await saveScreenshot(page, 'billing-subscription-ended-voucher-390-dark');
    await expectAccessible(page, 'My Subscription with an ended voucher');
    expectNoConsoleErrors(consoleErrors);
    await context.close();
  });
});
