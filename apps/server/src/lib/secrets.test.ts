import { describe, expect, it } from 'vitest';
import { randomToken } from './secrets.ts';

describe('randomToken', () => {
  it('never repeats a token, across many refills of its pool, and has the asked length', () => {
    const tokens = Array.from({ length: 5_000 }, (_, i) => randomToken(i % 2 ? 24 : 32));
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(tokens[0]).toMatch(/^[\w-]{43}$/); // 32 bytes
    expect(tokens[1]).toMatch(/^[\w-]{32}$/); // 24 bytes
    expect(randomToken(5_000)).toMatch(/^[\w-]{6667}$/);
  });
});
