/**
 * The generation benchmark: every (case, approach) cell runs in its own process, cells are
 * interleaved (all approaches of one case, then the next case) and the whole sweep is repeated;
 * the report takes each metric's median over the rounds.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { ApproachId } from './approaches.ts';
import type { CellResult } from './cell.ts';
import type { BenchTemplate, ValueSet } from './fixtures.ts';

export interface BenchCase {
  id: string;
  label: string;
  template: BenchTemplate['id'];
  set: ValueSet;
  approaches: ApproachId[];
}

export type CaseResults = Map<ApproachId, CellResult[]>;

const CELL_TIMEOUT_MS = 240_000;

/** One (case, approach) cell in a Node process of its own; its result, or an error. */
export const runCell = (approach: ApproachId, c: BenchCase, seconds: number): Promise<CellResult> =>
  new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(import.meta.dirname, 'cell.ts'),
        approach,
        c.template,
        c.set,
        `${seconds}`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), CELL_TIMEOUT_MS);
    child.on('close', () => {
      clearTimeout(timer);
      const line = out.trim().split('\n').at(-1) ?? '';
      try {
        resolve(JSON.parse(line) as CellResult);
      } catch {
        resolve({ error: 'no result (timed out or crashed)' } as CellResult);
      }
    });
  });

export const runGeneration = async (
  cases: BenchCase[],
  rounds: number,
  seconds: number,
): Promise<Map<string, CaseResults>> => {
  const results = new Map<string, CaseResults>(cases.map((c) => [c.id, new Map()]));
  for (let round = 1; round <= rounds; round++) {
    for (const c of cases) {
      for (const approach of c.approaches) {
        const result = await runCell(approach, c, seconds);
        const list = results.get(c.id)!.get(approach) ?? [];
        list.push(result);
        results.get(c.id)!.set(approach, list);
        const summary = result.error
          ? `error: ${result.error}`
          : `${result.docsPerSecond.toFixed(1)} docs/s, median ${result.medianMs.toFixed(3)} ms`;
        console.log(`round ${round} ${c.id.padEnd(14)} ${approach.padEnd(12)} ${summary}`);
      }
    }
  }
  return results;
};
