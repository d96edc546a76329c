import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
    if (child.exitCode !== null) throw new Error(`The server stopped:\n${output()}`);
    if (await isHealthy(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/**
 * The real server, serving the real built app, on a free port with a fresh data directory.
 * APP_URL is its own address, so mailed links lead back to it.
 */
export const startServer = async (): Promise<RunningServer> => {
  if (!existsSync(join(repoRoot, 'apps', 'web', 'dist', 'index.html'))) {
    throw new Error('apps/web/dist is missing: run "npm run build" before the e2e tests.');
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'platen-e2e-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: url,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await waitUntilHealthy(url, child, () => log);
  return {
    url,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
