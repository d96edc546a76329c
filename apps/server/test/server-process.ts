import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runLogFileFor } from './run-log.ts';

export const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** The compiled server that `npm start` and the image run (build.mjs). */
const compiledServer = join(serverDir, 'dist/server.mjs');

/**
 * How a server process runs: from the TypeScript sources (Node.js strips their types), or
 * compiled; with `gc` exposed, as `npm start` runs it (pdf-pool.ts collects stopped workers
 * with it).
 */
const entries = {
  source: ['--expose-gc', 'src/server.ts'],
  compiled: ['--expose-gc', compiledServer],
};

export type ServerEntry = keyof typeof entries;

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/**
 * An address of this machine that is not loopback, so a test can reach a server the way another
 * machine would: a connection to it arrives from this address, not from 127.0.0.1.
 */
export const externalAddress = (): string => {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && !entry.internal && entry.family === 'IPv4')?.address;
  if (!address) throw new Error('This test needs a network interface besides loopback.');
  return address;
};

export type ServerProcess = { url: string; child: ChildProcess; output: () => string };

/**
 * Starts the server as its own process and waits until /healthz answers: from the sources, or
 * compiled exactly as `npm start` runs it (then `npm run build` must have run).
 */
export const startServerProcess = async (
  env: Record<string, string>,
  entry: ServerEntry = 'source',
): Promise<ServerProcess> => {
  if (entry === 'compiled' && !existsSync(compiledServer)) {
    throw new Error(`No compiled server at ${compiledServer}: run npm run build first`);
  }
  const port = await freePort();
  const child = spawn(process.execPath, entries[entry], {
    cwd: serverDir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // The process's log joins the run's log (scanned for secrets); appended here, in the test
  // process, so even a SIGKILLed server leaves every line it wrote.
  const logFile = runLogFileFor(child.pid);
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (logFile) appendFileSync(logFile, chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    // Ended by a signal, a process has a signal code and no exit code.
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited early (${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, child, output: () => output };
};

export const stopServerProcess = (server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<number | null>((resolve) => {
    // A process ended by a signal has no exit code, only a signal code.
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      return resolve(server.child.exitCode);
    }
    server.child.once('exit', (code) => resolve(code));
    // kill() only fails when the process is already gone; its 'exit' event is then on its way.
    server.child.kill(signal);
  });
