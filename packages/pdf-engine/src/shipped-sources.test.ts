import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = import.meta.dirname;

/**
 * The engine's own modules a source file imports (static and dynamic imports alike), as paths
 * from src/: a field kind's files sit in field-kinds/<kind>/.
 */
const importsOf = (file: string): string[] =>
  [
    ...readFileSync(join(src, file), 'utf8').matchAll(
      /(?:from |import\()'(\.\.?\/(?:\.\.\/)*(?:[\w-]+\/)*[\w-]+\.ts)'/g,
    ),
  ]
    .map((match) => relative(src, join(src, dirname(file), match[1]!)))
    .filter((path) => !path.startsWith('..'));

describe('the engine package ships only what its entry uses', () => {
  it('reaches every source file in src/ from index.ts: test helpers live in test/', () => {
    const reached = new Set<string>();
    const queue = ['index.ts'];
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (reached.has(file)) continue;
      reached.add(file);
      queue.push(...importsOf(file));
    }
    const sources = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.(ts|mjs|js)$/.test(file) && !file.endsWith('.test.ts'),
    );
    expect(sources.filter((file) => !reached.has(file))).toEqual([]);
  });
});
