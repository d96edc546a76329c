import { PassThrough } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { terminalLogOutput } from './log-output.ts';
import { createLogger } from './logger.ts';

/** A stand-in for stdout: a terminal or a pipe, keeping what is written to it. */
const stdout = (isTTY: boolean) => {
  const stream = Object.assign(new PassThrough(), { isTTY });
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
};

const logOneLine = async (env: 'development' | 'production' | 'test', isTTY: boolean) => {
  const out = stdout(isTTY);
  const output = terminalLogOutput(env, out.stream);
  createLogger({ logLevel: 'info', env }, output).info({ event: 'login.succeeded' }, 'signed in');
  await new Promise((resolve) => setImmediate(resolve));
  return { output, text: stripVTControlCharacters(out.text()) };
};

describe('log output', () => {
  it('is readable lines in a development terminal', async () => {
    const { output, text } = await logOneLine('development', true);
    expect(output).toBeDefined();
    expect(text).toMatch(/INFO.*signed in/);
    expect(text).toContain('event: "login.succeeded"');
    expect(() => JSON.parse(text) as unknown).toThrow();
  });

  it.each([
    ['production', true],
    ['test', true],
    ['development', false],
  ] as const)('is pino JSON on stdout in %s with a terminal: %s', async (env, isTTY) => {
    expect((await logOneLine(env, isTTY)).output).toBeUndefined();
  });
});
