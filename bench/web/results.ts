import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { DROPPED_FRAME_MS, type FrameStats } from './frames.ts';

export type Results = {
  chromium: string;
  pages: number;
  fields: number;
  firstPage: { samples: number[]; medianMs: number };
  idle: FrameStats;
  scroll: FrameStats & { canvasesWithPixels: number };
  dragFirst: FrameStats & { moves: number };
  dragMiddle: FrameStats & { moves: number };
  dragSlowCpu: FrameStats & { moves: number; rate: number };
};

const resultsFile = join(import.meta.dirname, 'RESULTS.md');
/** Everything below this line in RESULTS.md is kept from run to run (notes, earlier figures). */
const NOTES_MARKER = '<!-- notes: kept by bench:web -->';

const ms = (value: number) => `${value.toFixed(0)} ms`;
const frameRow = (name: string, s: FrameStats, extra = '') =>
  `| ${name} | ${s.fps.toFixed(1)} | ${s.dropped} of ${s.frames} | ${ms(s.p95Ms)} | ${ms(s.worstMs)} | ${extra} |`;

/** Prints the figures and writes bench/web/RESULTS.md. */
export const writeResults = (r: Results) => {
  const table = [
    `First page after the data arrives (median of ${r.firstPage.samples.length}): ` +
      `**${ms(r.firstPage.medianMs)}** (samples: ${r.firstPage.samples.map(ms).join(', ')})`,
    '',
    `| frames while | fps | dropped (> ${DROPPED_FRAME_MS} ms) | p95 interval | worst | note |`,
    '| --- | --- | --- | --- | --- | --- |',
    frameRow('idle (the headless ceiling)', r.idle),
    frameRow(
      'scrolling all pages (viewing)',
      r.scroll,
      `${r.scroll.canvasesWithPixels} canvases hold pixels afterwards`,
    ),
    frameRow(
      'dragging a box on page 1 (editing)',
      r.dragFirst,
      `${r.dragFirst.moves} pointer moves`,
    ),
    frameRow(
      'dragging a box on page 51 (editing)',
      r.dragMiddle,
      `${r.dragMiddle.moves} pointer moves`,
    ),
    frameRow(
      `the same with the CPU ${r.dragSlowCpu.rate}× slower`,
      r.dragSlowCpu,
      `${r.dragSlowCpu.moves} pointer moves`,
    ),
  ].join('\n');
  console.log(`\n${table}\n`);

  const previous = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '';
  const notes = previous.includes(NOTES_MARKER) ? previous.split(NOTES_MARKER)[1] : '\n';
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const doc = [
    '# Editor benchmark (`npm run bench:web`)',
    '',
    `${new Date().toISOString()} · ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GB · ` +
      `Node ${process.version} · headless Chromium ${r.chromium} (software rendering)`,
    '',
    `A ${r.pages}-page A4 template with ${r.fields} text fields, made through the API of the real ` +
      'server serving the built app. Targets: first page under 1 s, dragging above 50 fps.',
    '',
    table,
    '',
    NOTES_MARKER,
  ].join('\n');
  writeFileSync(resultsFile, `${doc}${notes}`);
};
