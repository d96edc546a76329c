import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { undeclaredAnswers, type ApiDocument } from './answers-check.ts';
import { describeLeaks, findLeaks, type Secret } from './log-scan.ts';
import { readAnswers } from './observed-answers.ts';
import { RUN_DIR_VARIABLE } from './run-log.ts';

/** The API document as the server serves it. */
const apiDocument = async (): Promise<ApiDocument> => {
  const { buildTestApp } = await import('./test-app.ts');
  const app = await buildTestApp('sqlite');
  try {
    return (await app.inject({ method: 'GET', url: '/docs/json' })).json<ApiDocument>();
  } finally {
    await app.dispose();
  }
};

/**
 * Global set-up of the server and browser tests: one directory for the run's logs and secrets
 * (workers and server processes inherit its path), scanned once every test file has finished. A
 * secret found in a log line fails the run, naming its kind and the line's message, never the
 * secret. So does an answer the suites received that the API document does not declare (a
 * status or a content type). When both projects run, the first set-up makes the directory and
 * checks it for both.
 */
export default function setup() {
  if (process.env[RUN_DIR_VARIABLE]) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'platen-test-run-'));
  process.env[RUN_DIR_VARIABLE] = dir;

  return async () => {
    delete process.env[RUN_DIR_VARIABLE];
    const files = readdirSync(dir);
    const read = (file: string) => readFileSync(join(dir, file), 'utf8');
    const secrets = files
      .filter((file) => file.startsWith('secrets-'))
      .flatMap((file) => read(file).split('\n').filter(Boolean))
      .map((line) => JSON.parse(line) as Secret);
    const logs = files
      .filter((file) => file.endsWith('.log'))
      .map((file) => ({ file, text: read(file) }));
    const leaks = findLeaks(logs, secrets);
    if (leaks.length > 0) {
      // Vitest reports a failing teardown but keeps the exit code: fail the run ourselves. The
      // directory is kept for a look at the lines.
      process.exitCode = 1;
      throw new Error(`${describeLeaks(leaks)}\n  logs: ${dir}`);
    }
    const answers = readAnswers(dir);
    const undeclared = answers.length > 0 ? undeclaredAnswers(await apiDocument(), answers) : [];
    if (undeclared.length > 0) {
      process.exitCode = 1;
      throw new Error(`Answers the API document does not declare:\n  ${undeclared.join('\n  ')}`);
    }
    rmSync(dir, { recursive: true, force: true });
  };
}
