/** A server in a child process: a free port to give it, waiting until it answers, stopping it. */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

export const waitUntilUp = async (url: string, timeoutMs = 60_000) => {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
};

export interface RunningServer {
  process: ChildProcess;
  baseUrl: string;
  stop: () => Promise<void>;
}

export const stopProcess = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
