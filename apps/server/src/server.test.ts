import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../test/pdf-fixtures.ts';
import {
  remoteApiKey,
  remoteCreateTemplate,
  remoteGenerate,
  remoteSignUp,
} from '../test/remote.ts';
import {
  externalAddress,
  serverDir,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../test/server-process.ts';
import { recordSecret } from '../test/run-log.ts';

const webIndex = join(serverDir, '../web/dist/index.html');

/** `npm start` and the image run the compiled server (dist/, made by `npm run build`). */
describe('starting the compiled server as `npm start` does', () => {
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    if (!existsSync(webIndex)) throw new Error('Build the web app first: npm run build');
    dataDir = mkdtempSync(join(tmpdir(), 'platen-start-'));
    // HOST empty is HOST unset: the development default.
    server = await startServerProcess(
      { DATA_DIR: dataDir, NODE_ENV: 'development', HOST: '' },
      'compiled',
    );
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('listens on loopback only, and says nothing about exposure', async () => {
    const { port } = new URL(server.url);
    await expect(fetch(`http://${externalAddress()}:${port}/healthz`)).rejects.toThrow();
    expect(server.output()).toContain(`Server listening at http://127.0.0.1:${port}`);
    expect(server.output()).not.toContain('dev_pages.exposed');
  });

  it('announces mail on the console without its link or code', async () => {
    const email = 'console@example.com';
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: 'XSRF-TOKEN=console-test',
          'x-xsrf-token': 'console-test',
        },
        body: JSON.stringify(body),
      });
    const password = 'correct horse battery';
    recordSecret('password', password);
    const registered = await post('/v1/auth/register', {
      email,
      password,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(registered.status).toBe(200);
    expect((await post('/v1/user/password/reset/request', { email })).status).toBe(200);
    const mails = async () =>
      (await fetch(`${server.url}/dev/mailbox/messages`)).json() as Promise<{ text: string }[]>;
    await expect.poll(async () => (await mails()).length).toBe(2);
    const [confirmation, reset] = await mails();
    const code = confirmation?.text.match(/is: ([A-Z0-9]{6})/)?.[1] ?? '';
    const resetLink = reset?.text.match(/(http\S+reset-password\S+)/)?.[1] ?? '';
    const resetCode = new URL(resetLink).searchParams.get('code') ?? '';
    recordSecret('confirmation code (mail)', code);
    recordSecret('reset code (mail)', resetCode);
    expect(code).toHaveLength(6);
    expect(resetCode.length).toBeGreaterThan(20);

    const mailbox = 'Read it at http://localhost:3000/dev/mailbox';
    expect(server.output()).toContain(
      `Mail to ${email}: "Your Platen confirmation code". ${mailbox}`,
    );
    expect(server.output()).toContain(`Mail to ${email}: "Reset your Platen password". ${mailbox}`);
    expect(server.output()).not.toContain(code);
    expect(server.output()).not.toContain(resetCode);
  });

  it('answers /healthz and /readyz', async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });

  it.each(['/login', '/', '/admin/templates/Invoice%202026', '/no/such/page'])(
    'serves the app HTML at %s, with the XSRF cookie and a strict CSP',
    async (path) => {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toContain('<div id="root">');
      expect(res.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=/);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
    },
  );

  it('keeps API 404s as JSON', async () => {
    const res = await fetch(`${server.url}/v1/nothing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers an address the router refuses in the error shape, with the security headers', async () => {
    const res = await fetch(`${server.url}/v1/template/%`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; requestId: string };
    expect(body.code).toBe('BAD_URL');
    expect(res.headers.get('x-request-id')).toBe(body.requestId);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('parses an upload in a PDF worker and fills a document from it', async () => {
    const account = await remoteSignUp(server.url);
    const upload = await remoteCreateTemplate(
      server.url,
      account.token,
      'Invoice',
      await makePdf(),
    );
    expect(upload.status).toBe(200);
    const apiKey = await remoteApiKey(server.url, account.token, 'Invoice');
    const generated = await remoteGenerate(server.url, apiKey, 'Invoice');
    expect(generated.status).toBe(200);
    expect(generated.headers.get('content-type')).toBe('application/pdf');
    expect(generated.body.startsWith('%PDF-')).toBe(true);
  });

  it('created its SQLite database and development secret in DATA_DIR', () => {
    expect(existsSync(join(dataDir, 'platen.db'))).toBe(true);
    const secrets = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as {
      appSecret: string;
    };
    expect(secrets.appSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('shuts down cleanly on SIGTERM', async () => {
    expect(await stopServerProcess(server)).toBe(0);
  });

  it('refuses to start in production without APP_SECRET, naming it', async () => {
    await expect(
      startServerProcess({ DATA_DIR: dataDir, NODE_ENV: 'production', APP_SECRET: '' }, 'compiled'),
    ).rejects.toThrow(/APP_SECRET/);
  });

  it('starts in production with APP_SECRET, logging JSON lines', async () => {
    const production = await startServerProcess(
      { DATA_DIR: dataDir, NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40) },
      'compiled',
    );
    try {
      expect((await fetch(`${production.url}/readyz`)).status).toBe(200);
      const lines = production.output().split('\n').filter(Boolean);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(JSON.parse(line)).toHaveProperty('level');
    } finally {
      await stopServerProcess(production);
    }
  });
});

describe('a development server started with HOST=0.0.0.0', () => {
  let dataDir: string;
  let server: ServerProcess;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'platen-exposed-'));
    server = await startServerProcess({
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      HOST: '0.0.0.0',
    });
  });
  afterAll(async () => {
    await stopServerProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('warns at start-up that its development pages are reachable', async () => {
    // The line comes through the child's stdout, /healthz's answer through a socket: this
    // process may read the answer first.
    const warningLine = () =>
      server
        .output()
        .split('\n')
        .find((line) => line.includes('"event":"dev_pages.exposed"'));
    await expect.poll(warningLine).toContain('"level":40');
    expect(warningLine()).toContain('WARNING: this development server listens on 0.0.0.0');
  });

  it('shows the mailbox and /metrics to this machine only', async () => {
    const { port } = new URL(server.url);
    const remote = `http://${externalAddress()}:${port}`;
    expect((await fetch(`${remote}/healthz`)).status).toBe(200);
    for (const path of ['/dev/mailbox', '/dev/mailbox/messages', '/metrics']) {
      const res = await fetch(`${remote}${path}`);
      expect(res.status, path).toBe(403);
      expect(await res.json(), path).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(200);
    }
  });
});

describe('a production start without a mail relay', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'platen-no-smtp-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const warningsOf = (output: string) =>
    output.split('\n').filter((line) => line.includes('"event":"mail.not_configured"'));

  it('warns once at start-up that mail stays in the outbox', async () => {
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(40),
      SMTP_URL: '',
    });
    try {
      await expect.poll(() => warningsOf(server.output()).length).toBe(1);
      const [warning] = warningsOf(server.output());
      expect(warning).toContain('"level":40');
      expect(warning).toContain('SMTP_URL is not set');
    } finally {
      await stopServerProcess(server);
    }
  });

  it('says nothing of it when SMTP_URL is set', async () => {
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://127.0.0.1:1',
    });
    await fetch(`${server.url}/readyz`);
    // The start-up warnings come after listening: give them time to be written.
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Status 0: SIGTERM found the shutdown handler, installed after the warnings.
    expect(await stopServerProcess(server)).toBe(0);
    expect(warningsOf(server.output())).toHaveLength(0);
  });
});
