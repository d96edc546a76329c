/**
 * Picture checks for the all-scripts sample: each field's box rendered by poppler (`pdftoppm`,
 * grey, 96 dpi) against a committed PNG in `test/script-renders/`, compared perceptually: both
 * are averaged over 4 × 4 pixel cells (so anti-aliasing and a sub-pixel shift do not count) and
 * the ink that differs is measured against the ink there is. A glyph drawn from another face, a
 * missing character or a broken cluster changes whole cells; a newer poppler's edges do not.
 * `UPDATE_SCRIPT_RENDERS=1` writes the references (look at them before committing).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { FieldSpec } from '../src/types.ts';

const DPI = 96;
const CELL = 4;
const RENDERS_DIR = join(import.meta.dirname, 'script-renders');

const dir = mkdtempSync(join(tmpdir(), 'platen-renders-'));
let counter = 0;

/** The field's box of a filled document as a grey PNG. */
export const renderBox = (pdf: Uint8Array, f: FieldSpec): Buffer => {
  const file = join(dir, `${++counter}.pdf`);
  writeFileSync(file, pdf);
  const px = (pt: number) => String(Math.round((pt * DPI) / 72));
  const args = ['-gray', '-png', '-r', String(DPI), '-f', String(f.page), '-l', String(f.page)];
  const crop = [
    '-x',
    px(f.rectX),
    '-y',
    px(f.rectY),
    '-W',
    px(f.rectWidth),
    '-H',
    px(f.rectHeight),
  ];
  const out = join(dir, `${counter}`);
  spawnSync('pdftoppm', [...args, ...crop, '-singlefile', file, out]);
  return readFileSync(`${out}.png`);
};

/** Ink (0 white … 1 black) averaged per CELL × CELL block. */
const inkCells = async (png: Buffer) => {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data, width, height } = context.getImageData(0, 0, image.width, image.height);
  const columns = Math.ceil(width / CELL);
  const cells = new Float64Array(columns * Math.ceil(height / CELL));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const ink = 1 - data[(y * width + x) * 4]! / 255;
      cells[Math.floor(y / CELL) * columns + Math.floor(x / CELL)]! += ink / (CELL * CELL);
    }
  }
  return cells;
};

/** How much of the ink differs between two renders of one box: 0 alike, 1 nothing in common. */
export const inkDifference = async (a: Buffer, b: Buffer): Promise<number> => {
  const [x, y] = [await inkCells(a), await inkCells(b)];
  if (x.length !== y.length) return 1;
  let differing = 0;
  let ink = 0;
  for (let i = 0; i < x.length; i++) {
    differing += Math.abs(x[i]! - y[i]!);
    ink += Math.max(x[i]!, y[i]!);
  }
  return ink === 0 ? 0 : differing / ink;
};

/** The reference PNG of a sample's label, written first when UPDATE_SCRIPT_RENDERS is set. */
export const referenceRender = (label: string, render: Buffer): Buffer | undefined => {
  const file = join(RENDERS_DIR, `${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.png`);
  if (process.env.UPDATE_SCRIPT_RENDERS === '1') writeFileSync(file, render);
  return existsSync(file) ? readFileSync(file) : undefined;
};
