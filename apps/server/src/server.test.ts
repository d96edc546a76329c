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
  serverDir,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../test/server-process.ts';

const webIndex = join(serverDir, '../web/dist/index.html');

/** `npm start` and the image run the compiled server (dist/, made by `npm run build`). */
describe('starting the compiled server as `npm start` does', () => {
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    if (!existsSync(webIndex)) throw new Error('Build the web app first: npm run build');
    dataDir = mkdtempSync(join(tmpdir(), 'platen-start-'));
    server = await startServerProcess({ DATA_DIR: dataDir, NODE_ENV: 'development' }, 'compiled');
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

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
