import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseTarget, openDatabase } from '../../apps/server/src/db/database.ts';
import { decryptText } from '../../apps/server/src/lib/secret-box.ts';
import { deriveSecrets, loadOrCreateAppSecret } from '../../apps/server/src/lib/secrets.ts';
import { recordSecret, runLogFileFor } from '../../apps/server/test/run-log.ts';
import { recordMailSecrets } from './accounts.ts';

export const repoRoot = join(import.meta.dirname, '..', '..');

export type RunningServer = {
  url: string;
  /** The server's DATA_DIR, for operator commands run against the same database. */
  dataDir: string;
  stop: () => Promise<void>;
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

const isHealthy = async (url: string) => {
  try {
    return (await fetch(`${url}/healthz`)).ok;
  } catch {
    return false;
  }
};

/** Waits for the server's health answer, or for it to die (then its output explains why). */
const waitUntilHealthy = async (url: string, child: ChildProcess, output: () => string) => {
  for (;;) {
    // A process ended by a signal (an abort, a kill) has a signal code and no exit code.
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server stopped (${child.exitCode ?? child.signalCode}):\n${output()}`);
    }
    if (await isHealthy(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/**
 * Records every secret the server's database holds once the server has stopped: the generated
 * APP_SECRET, voucher codes, API keys (as the app shows them) and the codes of mailed messages.
 * The run's log scan then proves none of them reached a log line, whichever screen used them.
 */
const recordStoredSecrets = async (dataDir: string) => {
  if (!existsSync(join(dataDir, 'platen.db'))) return;
  const appSecret = loadOrCreateAppSecret(dataDir);
  recordSecret('APP_SECRET (e2e server)', appSecret);
  const { encryptionKey } = deriveSecrets(appSecret);
  const db = openDatabase(databaseTarget({ databaseUrl: undefined, dataDir }));
  try {
    for (const { code } of await db.selectFrom('vouchers').select('code').execute()) {
      recordSecret('voucher code (e2e)', code);
    }
    const keys = await db.selectFrom('api_keys').select('key_encrypted').execute();
    for (const { key_encrypted: stored } of keys) {
      recordSecret('API key (e2e)', decryptText(encryptionKey, stored));
    }
    const endpoints = await db.selectFrom('webhook_endpoints').select('secret_encrypted').execute();
    for (const { secret_encrypted: stored } of endpoints) {
      recordSecret('webhook signing secret (e2e)', decryptText(encryptionKey, stored));
    }
    for (const { text_body: text } of await db
      .selectFrom('mail_outbox')
      .select('text_body')
      .execute()) {
      recordMailSecrets(text);
    }
  } finally {
    await db.destroy();
  }
};

/**
 * The real server, serving the real built app, on a free port with a fresh data directory.
 * APP_URL is its own address, so mailed links lead back to it.
 */
export const startServer = async (env: Record<string, string> = {}): Promise<RunningServer> => {
  if (!existsSync(join(repoRoot, 'apps', 'web', 'dist', 'index.html'))) {
    throw new Error('apps/web/dist is missing: run "npm run build" before the e2e tests.');
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'platen-e2e-'));
  const child = spawn(process.execPath, ['apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: url,
      // The production level, into the run's log, which is scanned for secrets (security.md §41).
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  // Appended here, in the test process, so a server that dies still leaves every line it wrote.
  const logFile = runLogFileFor(child.pid);
  const collect = (chunk: Buffer) => {
    log += chunk.toString();
    if (logFile) appendFileSync(logFile, chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  await waitUntilHealthy(url, child, () => log);
  return {
    url,
    dataDir,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await recordStoredSecrets(dataDir);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
