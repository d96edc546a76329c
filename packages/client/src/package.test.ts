import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(packageDir, '../..');

const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

const secret = 'whsec_test';
const body = '{"id":"evt_1","type":"job.succeeded"}';
const t = 1_790_000_000;
const header = `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;

/** What an integrator's program does first: load the client and check a delivery. */
const program = (load: string) => `${load}
const client = createPlatenClient({ baseUrl: 'https://platen.example.com', apiKey: 'pk_x' });
const now = new Date(${t * 1000});
Promise.all([
  verifyWebhookSignature(${JSON.stringify(body)}, ${JSON.stringify(header)}, 'whsec_test', { now }),
  verifyWebhookSignature('{}', ${JSON.stringify(header)}, 'whsec_test', { now }),
]).then((checks) => console.log(typeof client.jobs.waitForJob, checks.join(' ')));
`;

/**
 * The package as npm publishes it: packed from a copy of its sources (so `prepack` must build
 * it, as from a clean clone), installed into a project of its own, loaded from ESM and CommonJS
 * and type-checked from both.
 */
describe('the packed @platen/client', () => {
  let work: string;
  let app: string;

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'platen-client-pack-'));
    const copy = join(work, 'packages/client');
    for (const name of [
      'package.json',
      'tsconfig.json',
      'tsconfig.build.json',
      'tsconfig.cjs.json',
      'README.md',
      'src',
    ]) {
      cpSync(join(packageDir, name), join(copy, name), { recursive: true });
    }
    cpSync(join(repoRoot, 'tsconfig.base.json'), join(work, 'tsconfig.base.json'));
    symlinkSync(join(repoRoot, 'node_modules'), join(work, 'node_modules'));
    run('npm', ['pack', '--pack-destination', work, '--silent'], copy);
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'))!;

    app = join(work, 'app');
    mkdirSync(app);
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({ name: 'integration', private: true }),
    );
    run('npm', ['install', '--offline', '--no-audit', '--no-fund', join(work, tarball)], app);
  }, 180_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('holds the built ESM, CommonJS and types, and no sources', () => {
    const files = run(
      'tar',
      [
        'tzf',
        join(
          work,
          readdirSync(work).find((n) => n.endsWith('.tgz'))!,
        ),
      ],
      work,
    )
      .split('\n')
      .filter(Boolean);
    expect(files).toEqual(
      expect.arrayContaining([
        'package/dist/esm/index.js',
        'package/dist/esm/index.d.ts',
        'package/dist/cjs/index.js',
        'package/dist/cjs/index.d.ts',
        'package/dist/cjs/package.json',
        'package/README.md',
      ]),
    );
    expect(files.filter((name) => name.startsWith('package/src/'))).toEqual([]);
  });

  it('loads from ESM and from CommonJS', () => {
    writeFileSync(
      join(app, 'esm.mjs'),
      program("import { createPlatenClient, verifyWebhookSignature } from '@platen/client';"),
    );
    writeFileSync(
      join(app, 'cjs.cjs'),
      program("const { createPlatenClient, verifyWebhookSignature } = require('@platen/client');"),
    );
    expect(run(process.execPath, ['esm.mjs'], app).trim()).toBe('function true false');
    expect(run(process.execPath, ['cjs.cjs'], app).trim()).toBe('function true false');
  });

  it('type-checks from ESM and from CommonJS', () => {
    const use = `const client = createPlatenClient({ baseUrl: 'https://x', apiKey: 'k' });
export const waiting: Promise<Job> = client.jobs.waitForJob('id');
export const error: PlatenError | undefined = undefined;
`;
    writeFileSync(
      join(app, 'esm.mts'),
      `import { createPlatenClient, type Job, PlatenError } from '@platen/client';\n${use}`,
    );
    writeFileSync(
      join(app, 'cjs.cts'),
      `import { createPlatenClient, type Job, PlatenError } from '@platen/client';\n${use}`,
    );
    const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');
    const options = ['--noEmit', '--strict', '--module', 'nodenext', '--lib', 'es2023,dom'];
    expect(run(process.execPath, [tsc, ...options, 'esm.mts', 'cjs.cts'], app)).toBe('');
  });
});
