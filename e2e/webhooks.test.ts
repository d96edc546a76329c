import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startReceiver,
  verifyPlatenSignature,
  type Receiver,
} from '../apps/server/test/webhook-receiver.ts';
import { newUser, registerByApi, signInWithTokens, type TokenPair } from './support/accounts.ts';
import {
  expectAccessible,
  expectNoConsoleErrors,
  hasChromium,
  launchBrowser,
  openPage,
  saveScreenshot,
} from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import type { Browser } from 'playwright-core';

describe.skipIf(!hasChromium)('Settings → Webhooks', () => {
  let server: RunningServer;
  let browser: Browser;
  let tokens: TokenPair;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    // A receiver on this machine needs private URLs allowed; deliveries are looked for often.
    server = await startServer({
      WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_POLLING_SECONDS: '0.2',
    });
    browser = await launchBrowser();
    tokens = await registerByApi(server.url, newUser('webhooks'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await receiver?.close();
  });

  it('adds an endpoint, sends a test event, shows it in the log and resends it, in both themes', async () => {
    const { page, context, consoleErrors } = await openPage(browser, { theme: 'light' });
    await signInWithTokens(page, server.url, tokens);
    await page.goto(`${server.url}/admin/settings`);
    const section = page.locator('#webhooks');
    await section.getByText('No endpoints yet.').waitFor();

    await section.getByLabel('Endpoint URL').fill(receiver.url);
    await section.getByLabel('Description').fill('Order system');
    await section.getByRole('button', { name: 'Add endpoint' }).click();
    const secretBox = page.getByTestId('webhook-secret');
    await secretBox.waitFor();
    const secret = (await secretBox.locator('code').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    const endpoint = page.getByTestId('webhook-endpoint');
    await endpoint.getByText('Order system').waitFor();
    await expectAccessible(page, 'webhooks with a new endpoint');
    await secretBox.getByRole('button', { name: 'Done' }).click();
    await secretBox.waitFor({ state: 'detached' });

    await endpoint.getByRole('button', { name: 'Send test event' }).click();
    const rows = endpoint.getByTestId('webhook-delivery');
    const succeeded = rows.filter({ hasText: 'succeeded' });
    await succeeded.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('HTTP 200');
    expect(receiver.received).toHaveLength(1);
    const [delivered] = receiver.received;
    const header = String(delivered!.headers['platen-signature']);
    expect(verifyPlatenSignature(header, delivered!.body, secret)).toBe(true);
    expect(JSON.parse(delivered!.body)).toMatchObject({ type: 'webhook.test' });

    await rows
      .first()
      .getByRole('button', { name: /^Resend/ })
      .click();
    await succeeded.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.body).toBe(delivered!.body);

    await expectAccessible(page, 'webhooks with deliveries');
    await saveScreenshot(page, 'settings-webhooks-light');
    expectNoConsoleErrors(consoleErrors);
    await context.close();

    // The same section in the dark theme.
    const dark = await openPage(browser, { theme: 'dark' });
    await signInWithTokens(dark.page, server.url, tokens);
    await dark.page.goto(`${server.url}/admin/settings`);
    await dark.page.getByTestId('webhook-deliveries').waitFor();
    await expectAccessible(dark.page, 'webhooks, dark');
    await saveScreenshot(dark.page, 'settings-webhooks-dark');
    expectNoConsoleErrors(dark.consoleErrors);
    await dark.context.close();
  });
});
