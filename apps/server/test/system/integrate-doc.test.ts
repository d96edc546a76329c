import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { verifyWebhookSignature } from '@platen/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDue } from '../../src/modules/webhooks/index.ts';
import { call, signUp } from '../http.ts';
import { makePdf } from '../pdf-fixtures.ts';
import { buildTestApp, testConfig, type TestApp } from '../test-app.ts';
import { startReceiver, type Receiver } from '../webhook-receiver.ts';

const page = readFileSync(resolve(import.meta.dirname, '../../../../docs/integrate.md'), 'utf8');

/** The page's steps: each numbered section's shell block, in order (0 only names the key). */
const steps = [...page.matchAll(/^## ([1-9]\d*\. [^\n]+)\n[\s\S]*?```sh\n([\s\S]*?)```/gm)].map(
  ([, title, script]) => ({ title: title!, script: script! }),
);

/**
 * docs/integrate.md followed to the letter: every step's commands run in bash against a listening
 * server, with nothing but the API key, as a backend would run them.
 */
describe('the "Integrate from your backend" page', () => {
  let app: TestApp;
  let receiver: Receiver;
  let work: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    receiver = await startReceiver();
    app = await buildTestApp('sqlite', {
      webhooks: { ...testConfig().webhooks, allowPrivateUrls: true },
    });
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const ada = await signUp(app);
    const { apiKey } = (
      await call(app, 'POST', '/v1/user/api-key/regenerate', { token: ada.token })
    ).json<{ apiKey: string }>();
    work = mkdtempSync(join(tmpdir(), 'platen-integrate-'));
    writeFileSync(join(work, 'invoice.pdf'), await makePdf());
    env = { PATH: process.env.PATH, HOME: work, PLATEN_URL: baseUrl, PLATEN_API_KEY: apiKey };
  });
  afterAll(async () => {
    await app.dispose();
    await receiver.close();
    rmSync(work, { recursive: true, force: true });
  });

  const run = async (script: string) => {
    const { stdout } = await promisify(execFile)(
      'bash',
      [
        '-euo',
        'pipefail',
        '-c',
        script.replaceAll('https://example.com/hooks/platen', receiver.url),
      ],
      { cwd: work, env, timeout: 30_000 },
    );
    return stdout;
  };

  it('has the steps from upload to download', () => {
    expect(steps.map((step) => step.title.replace(/^\d+\. /, ''))).toEqual([
      'Upload a template',
      'Draw its fields',
      'Publish a version',
      "Read the payload's schema",
      'Generate one PDF',
      'Be told when a batch is ready',
      'Make a batch',
      'Wait for it, then download',
    ]);
  });

  it('runs every step as written and ends with the batch and its signed webhook', async () => {
    const outputs: string[] = [];
    for (const step of steps) outputs.push(await run(step.script));
    const [upload, fields, publish, schema, generate, , , download] = outputs;
    expect(JSON.parse(upload!)).toEqual({ templateName: 'Invoice', fields: 0 });
    expect(JSON.parse(fields!)).toEqual(['Customer', 'Total']);
    expect(JSON.parse(publish!)).toEqual({ version: 1, fieldCount: 2 });
    expect(JSON.parse(schema!)).toEqual(['Customer', 'Total']);
    expect(generate).toMatch(/^x-fit-report: /im);
    expect(readFileSync(join(work, 'invoice-0042.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
    expect(download).toContain('invoice-Ada.pdf');
    expect(download).toContain('invoice-Grace.pdf');

    await deliverDue(app.deps);
    const jobId = readFileSync(join(work, 'job-id.txt'), 'utf8').trim();
    const delivery = receiver.received.find((each) => each.body.includes(jobId));
    expect(JSON.parse(delivery!.body)).toMatchObject({ type: 'job.succeeded' });
    const secret = readFileSync(join(work, 'webhook-secret.txt'), 'utf8').trim();
    const header = String(delivery!.headers['platen-signature']);
    expect(
      await verifyWebhookSignature(delivery!.body, header, secret, { now: app.clock.now() }),
    ).toBe(true);
  });
});
