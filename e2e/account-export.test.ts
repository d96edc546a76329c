import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../apps/server/test/pdf-fixtures.ts';
import { newUser, registerByApi, signInWithTokens, waitForMail } from './support/accounts.ts';
import {
  expectAccessible,
  expectNoConsoleErrors,
  hasChromium,
  launchBrowser,
  openPage,
  saveScreenshot,
} from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { uploadTemplateByApi } from './support/templates.ts';
import { headerTitle } from './support/ui.ts';

describe.skipIf(!hasChromium)('exporting the account data', () => {
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

  it('prepares the ZIP in the background, shows it ready, mails a link back, and downloads it', async () => {
    const user = newUser('exporting');
    const tokens = await registerByApi(server.url, user);
    const dir = mkdtempSync(join(tmpdir(), 'platen-export-'));
    const pdfFile = join(dir, 'letter.pdf');
    writeFileSync(pdfFile, await makePdf());
    await uploadTemplateByApi(server.url, tokens, 'Letter', pdfFile);

    const { page, consoleErrors } = await openPage(browser, { theme: 'dark' });
    await signInWithTokens(page, server.url, tokens);
    await page.goto(`${server.url}/admin/profile`);
    await headerTitle(page, 'Profile');
    const card = page.getByRole('region', { name: 'Export my data' });
    await card.getByRole('button', { name: 'Export my data' }).click();

    // The export's id goes into the URL; the card asks for news until it has succeeded.
    const shown = card.getByTestId('account-export');
    await shown.locator('[data-testid="job-status"][data-status="succeeded"]').waitFor();
    const id = new URL(page.url()).searchParams.get('export');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await shown.getByText('Ready to download until').waitFor();
    await expectAccessible(page, 'profile with a finished export');
    await saveScreenshot(page, 'profile-export-ready-dark');

    // The mail leads back to this export on the profile page.
    const mail = await waitForMail(server.url, user.email, (m) =>
      m.subject.includes('data export is ready'),
    );
    expect(mail.text).toContain(`${server.url}/admin/profile?export=${id}`);
    const { page: fromMail } = await openPage(browser, { theme: 'light' });
    await signInWithTokens(fromMail, server.url, tokens);
    await fromMail.goto(`${server.url}/admin/profile?export=${id}`);
    const again = fromMail.getByTestId('account-export');
    await again.getByRole('link', { name: 'Download ZIP' }).waitFor();
    await saveScreenshot(fromMail, 'profile-export-ready-light');

    const download = page.waitForEvent('download');
    await shown.getByRole('link', { name: 'Download ZIP' }).click();
    const zip = join(dir, 'export.zip');
    await (await download).saveAs(zip);
    execFileSync('unzip', ['-q', '-o', zip, '-d', join(dir, 'unzipped')]);
    const account = JSON.parse(readFileSync(join(dir, 'unzipped', 'account.json'), 'utf8')) as {
      profile: { email: string };
      templates: { name: string; file: string }[];
    };
    expect(account.profile.email).toBe(user.email);
    expect(account.templates.map((t) => t.name)).toEqual(['Letter']);
    expect(readFileSync(join(dir, 'unzipped', 'templates', 'Letter', 'template.pdf'))).toEqual(
      readFileSync(pdfFile),
    );

    // An export that is not there (another account's, or expired) is said plainly.
    await page.goto(`${server.url}/admin/profile?export=00000000-0000-4000-8000-000000000000`);
    await page.getByText('This export is no longer available').waitFor();
    expectNoConsoleErrors(consoleErrors.filter((e) => !e.includes('404')));
  });
});
