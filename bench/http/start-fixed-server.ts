/** Starts `fixed-pdf-server.ts` in a process of its own, answering every generate with `pdf`. */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, stopProcess, waitUntilUp, type RunningServer } from './server-process.ts';

export const startFixedServer = async (pdf: Uint8Array): Promise<RunningServer> => {
  const file = join(mkdtempSync(join(tmpdir(), 'platen-fixed-')), 'fixed.pdf');
  writeFileSync(file, pdf);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'fixed-pdf-server.ts'), `${port}`, file],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${baseUrl}/healthz`);
  return { process: child, baseUrl, stop: () => stopProcess(child) };
};
