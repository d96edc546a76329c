/**
 * Generation per script: documents per second and peak memory with every face loaded, each
 * script in its own process (cell.ts). `BENCH_SECONDS` (default 5) per script.
 *   node --import tsx bench/scripts/run-scripts.ts
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const seconds = process.env.BENCH_SECONDS ?? '5';
const scripts = ['latin', 'devanagari', 'arabic', 'cjk', 'thai', 'emoji'];

console.log('| script     | documents/s | peak RSS (MB) |');
console.log('| ---------- | ----------: | ------------: |');
for (const script of scripts) {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'cell.ts'), script, seconds],
    { encoding: 'utf8' },
  );
  const r = JSON.parse(out.trim().split('\n').at(-1)!) as {
    docsPerSecond: number;
    peakRssMb: number;
  };
  console.log(
    `| ${script.padEnd(10)} | ${r.docsPerSecond.toFixed(0).padStart(11)} | ${r.peakRssMb.toFixed(0).padStart(13)} |`,
  );
}
