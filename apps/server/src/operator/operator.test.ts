import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionOf } from '../../test/billing.ts';
import { signUp, type Account } from '../../test/http.ts';
import { createBatch, waitForJob } from '../../test/jobs.ts';
import { makePdf } from '../../test/pdf-fixtures.ts';
import { serverDir } from '../../test/server-process.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { apiKeyOf, saveFields, textField, uploadTemplate } from '../../test/templates.ts';
import { runOperatorCommand } from './operator-actions.ts';
import { parseOperatorCommand } from './operator-command.ts';

describe('the operator command line', () => {
  it('reads each command and explains what is wrong', () => {
    expect(
      parseOperatorCommand([
        'account:set-plan',
        'Ada@Example.com',
        '--plan',
        'PRO',
        '--days',
        '30',
      ]),
    ).toEqual({
      name: 'account:set-plan',
      email: 'ada@example.com',
      plan: 'PRO',
      days: 30,
    });
    expect(parseOperatorCommand(['jobs:list', '--status', 'failed,running'])).toEqual({
      name: 'jobs:list',
      statuses: ['failed', 'running'],
      limit: 50,
    });
    expect(() => parseOperatorCommand([])).toThrow(/Usage/);
    expect(() => parseOperatorCommand(['account:drop', 'a@b.co'])).toThrow(/Usage/);
    expect(() => parseOperatorCommand(['account:set-usage', 'a@b.co', 'many'])).toThrow(
      /documents/,
    );
    expect(() => parseOperatorCommand(['account:show', 'nobody'])).toThrow(/e-mail address/);
    expect(() => parseOperatorCommand(['jobs:list', '--status', 'lost'])).toThrow(/statuses/);
  });

  it('runs on the server’s own database and says when there is no such account', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'platen-operator-'));
    try {
      const run = promisify(execFile)(
        process.execPath,
        ['src/operator/operator-cli.ts', 'account:show', 'nobody@example.com'],
        { cwd: serverDir, env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'silent' } },
      );
      await expect(run).rejects.toMatchObject({
        code: 1,
        stderr: 'There is no account with the e-mail nobody@example.com.\n',
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(testDatabases())('operator commands on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  const run = (...args: string[]) =>
    runOperatorCommand(app.deps.db, parseOperatorCommand(args), app.clock.now());

  beforeAll(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app);
  });
  afterAll(() => app.dispose());

  it('grants a plan as a voucher would, and sets the documents of the cycle', async () => {
    expect(await run('account:set-plan', ada.email, '--plan', 'PRO', '--days', '30')).toMatchObject(
      {
        email: ada.email,
        plan: 'PRO',
      },
    );
    expect(await subscriptionOf(app, ada)).toMatchObject({
      subscriptionPlan: { subscriptionType: 'PRO' },
      voucher: true,
    });
    expect(await run('account:set-usage', ada.email, '42')).toMatchObject({ used: 42 });
    expect((await subscriptionOf(app, ada)).pdfsGeneratedThisMonth).toBe(42);
    expect(await run('account:set-usage', ada.email, '0')).toMatchObject({ used: 0 });
    // A second plan while one runs is refused with the product's own reason.
    await expect(
      run('account:set-plan', ada.email, '--plan', 'PRO', '--days', '3'),
    ).resolves.toBeDefined();
    await expect(
      run('account:set-plan', 'nobody@example.com', '--plan', 'PRO', '--days', '3'),
    ).rejects.toThrow(/no account/);
    await expect(
      run('account:set-plan', ada.email, '--plan', 'GOLD', '--days', '3'),
    ).rejects.toThrow(/no plan "GOLD"/);
  });

  it('lists jobs of every account with their tries and reasons', async () => {
    const grace = await signUp(app);
    await uploadTemplate(app, grace, { name: 'Invoice', pdf: await makePdf() });
    await saveFields(app, grace, 'Invoice', [textField('Name')]);
    const apiKey = await apiKeyOf(app, grace, 'Invoice');
    const created = await createBatch(app, apiKey, {
      templateName: 'Invoice',
      items: [{ Name: 'A' }],
    });
    const job = await waitForJob(app, apiKey, created.json<{ id: string }>().id);

    const listed = (await run('jobs:list', '--status', 'succeeded')) as { id: string }[];
    expect(listed.find((row) => row.id === job.id)).toMatchObject({
      email: grace.email,
      kind: 'batch',
      templateName: 'Invoice',
      status: 'succeeded',
      progress: { done: 1, total: 1, failed: 0 },
      tries: 1,
      error: null,
    });
    expect(await run('jobs:list')).toEqual([]);
  });
});
