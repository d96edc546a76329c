/**
 * Starts the real Platen server on a temporary SQLite database (or on the PostgreSQL database
 * its `DATABASE_URL` names) and prepares one account with a template and the benchmark's fields,
 * exactly through the public API. The FREE plan allows 100 documents a month, so the benchmark
 * raises the plan limits in that throwaway database (and the per-key API rate limit through its
 * environment variable).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FieldSpec } from '@platen/pdf-engine';
import { databaseTarget, openDatabase } from '../../apps/server/src/db/database.ts';
import { FIELDS, type BenchTemplate } from '../generation/fixtures.ts';
import { freePort, stopProcess, waitUntilUp, type RunningServer } from './server-process.ts';

const repoRoot = join(import.meta.dirname, '..', '..');

/** Where a product server keeps its data: DATA_DIR, and its PostgreSQL database if it has one. */
export interface ServerData {
  dataDir: string;
  databaseUrl?: string | undefined;
}

export interface ProductServerOptions {
  /** e.g. ['--cpu-prof'] to profile the server under load. */
  nodeArgs?: string[];
  /** Another checkout of the repository whose server to start (this one's by default). */
  root?: string;
  /** e.g. `{ LOG_LEVEL: 'info' }`, or a `DATABASE_URL` for PostgreSQL instead of SQLite. */
  env?: Record<string, string>;
  /** Where the server's log lines (its stdout) go: this process's output, or nowhere. */
  log?: 'inherit' | 'ignore';
  /** The compiled server, as `npm start` runs it (`npm run build` first), not the sources. */
  compiled?: boolean;
}

export const startProductServer = async ({
  nodeArgs = [],
  root = repoRoot,
  env = {},
  log = 'inherit',
  compiled = false,
}: ProductServerOptions = {}): Promise<RunningServer & ServerData> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'platen-bench-'));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      ...nodeArgs,
      ...(compiled
        ? ['--expose-gc', 'apps/server/dist/server.mjs']
        : ['--import', 'tsx', 'apps/server/src/server.ts']),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: `${port}`,
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        API_RATE_LIMIT_PER_MINUTE: '1000000000',
        ...env,
      },
      stdio: ['ignore', log, 'inherit'],
    },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${baseUrl}/healthz`);
  const { DATABASE_URL: databaseUrl } = env;
  return { process: child, baseUrl, dataDir, databaseUrl, stop: () => stopProcess(child) };
};

const cookieValue = (res: Response, name: string) => {
  for (const header of res.headers.getSetCookie()) {
    const match = new RegExp(`^${name}=([^;]*)`).exec(header);
    if (match) return match[1]!;
  }
  throw new Error(`no ${name} cookie`);
};

const expectOk = async (res: Response, what: string) => {
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${await res.text()}`);
  return res;
};

/** A new account on the server, through the public API: its session token and CSRF headers. */
export const registerAccount = async (baseUrl: string) => {
  const csrf = cookieValue(await fetch(`${baseUrl}/v1/auth/csrf`), 'XSRF-TOKEN');
  const base = { cookie: `XSRF-TOKEN=${csrf}`, 'x-xsrf-token': csrf };
  const email = `bench-${randomUUID()}@example.com`; // several accounts on one server
  const body = {
    firstName: 'Bench',
    lastName: 'Runner',
    email,
    password: 'correct horse battery 42',
  };
  const register = await expectOk(
    await fetch(`${baseUrl}/v1/auth/register`, {
      method: 'POST',
      headers: { ...base, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    'register',
  );
  const { token } = (await register.json()) as { token: string };
  return { base, auth: { authorization: `Bearer ${token}` } };
};

/**
 * Registers, uploads the template, saves the fields (the benchmark's FIELDS unless given);
 * returns the API key and template name.
 */
export const prepareAccount = async (
  server: { baseUrl: string } & ServerData,
  template: { meta: BenchTemplate; bytes: Uint8Array },
  fields: readonly FieldSpec[] = FIELDS,
) => {
  const { baseUrl } = server;
  const { base, auth } = await registerAccount(baseUrl);
  const json = { ...base, 'content-type': 'application/json' };
  const templateName = `Bench ${template.meta.id}`;
  const form = new FormData();
  form.set('templateName', templateName);
  form.set('templateDescription', 'Benchmark template');
  form.set('file', new Blob([template.bytes], { type: 'application/pdf' }), template.meta.file);
  await expectOk(
    await fetch(`${baseUrl}/v1/template`, {
      method: 'POST',
      headers: { ...base, ...auth },
      body: form,
    }),
    'upload',
  );
  const inputs = fields.map((f) => ({
    page: f.page,
    rectX: f.rectX,
    rectY: f.rectY,
    rectWidth: f.rectWidth,
    rectHeight: f.rectHeight,
    label: f.label,
    fieldType: f.type,
    fontSize: f.fontSize,
    fontFamily: f.fontFamily,
    textAlign: f.textAlign,
    fontColor: f.fontColor,
    ...(f.barcode && { barcode: f.barcode }),
    ...(f.table && { table: f.table }),
  }));
  await expectOk(
    await fetch(`${baseUrl}/v1/template`, {
      method: 'PUT',
      headers: { ...json, ...auth },
      body: JSON.stringify({ templateName, inputs }),
    }),
    'save fields',
  );
  const got = await expectOk(
    await fetch(`${baseUrl}/v1/template/${encodeURIComponent(templateName)}`, { headers: auth }),
    'get template',
  );
  const { apiKey } = (await got.json()) as { apiKey: string };
  await raiseLimits(server);
  return { apiKey, templateName };
};

const RAISED_LIMIT = 2_000_000_000;

/** The throwaway database's plans get a limit no benchmark reaches, through the server's own database code. */
const raiseLimits = async ({ dataDir, databaseUrl }: ServerData) => {
  const db = openDatabase(databaseTarget({ dataDir, databaseUrl }));
  try {
    await db.updateTable('plans').set({ monthly_limit: RAISED_LIMIT }).execute();
  } finally {
    await db.destroy();
  }
};
