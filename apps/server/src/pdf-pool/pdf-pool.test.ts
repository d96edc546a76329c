import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Loads pdf-pool.ts in a fresh process and says whether a new V8 context then has `gc`: it has
 * one only when V8's flags were changed after start (`--expose-gc` set at run time).
 */
const gcAfterLoadingThePool = (nodeFlags: string[]) => {
  const script = `
    import { runInNewContext } from 'node:vm';
    const before = runInNewContext('typeof gc');
    await import('./src/pdf-pool/pdf-pool.ts');
    console.log(JSON.stringify({ before, after: runInNewContext('typeof gc') }));`;
  const run = spawnSync(process.execPath, [...nodeFlags, '--input-type=module', '-e', script], {
    cwd: serverDir,
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { before: string; after: string };
};

describe('the PDF pool and V8', () => {
  it('changes no V8 flag when loaded (Node warns that may crash)', () => {
    expect(gcAfterLoadingThePool([])).toEqual({ before: 'undefined', after: 'undefined' });
  });

  it('finds gc where the process was started with --expose-gc, as npm start does', () => {
    expect(gcAfterLoadingThePool(['--expose-gc'])).toEqual({
      before: 'function',
      after: 'function',
    });
  });
});
