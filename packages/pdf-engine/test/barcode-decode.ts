/**
 * Reads barcodes back from rendered pages: poppler renders the field's box at 300 dpi, zxing-wasm
 * (ZXing C++ in WebAssembly, loaded from node_modules, never from its default CDN) decodes it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadImage, createCanvas } from '@napi-rs/canvas';
import {
  prepareZXingModule,
  readBarcodes,
  type ReadInputBarcodeFormat,
  type ReadResult,
} from 'zxing-wasm/reader';
import type { DisplayRect } from '../src/types.ts';

const wasmPath = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
prepareZXingModule({ overrides: { wasmBinary: new Uint8Array(readFileSync(wasmPath)).buffer } });

const RENDER_DPI = 300;
const dir = mkdtempSync(join(tmpdir(), 'platen-barcode-'));
let count = 0;

/** Renders one box of page 1 (plus a margin of white) at 300 dpi; returns the PNG's path. */
export const renderBox = (pdf: Uint8Array, box: DisplayRect, margin = 12): string => {
  const pdfPath = join(dir, `doc-${++count}.pdf`);
  writeFileSync(pdfPath, pdf);
  const px = (pt: number) => Math.round((pt * RENDER_DPI) / 72);
  const prefix = join(dir, `box-${count}`);
  const args = [
    ...['-r', `${RENDER_DPI}`, '-f', '1', '-l', '1', '-singlefile', '-png'],
    ...['-x', `${px(box.rectX - margin)}`, '-y', `${px(box.rectY - margin)}`],
    ...['-W', `${px(box.rectWidth + 2 * margin)}`, '-H', `${px(box.rectHeight + 2 * margin)}`],
    pdfPath,
    prefix,
  ];
  const run = spawnSync('pdftoppm', args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`pdftoppm failed: ${run.stderr}`);
  return `${prefix}.png`;
};

/** Every code of these formats ZXing finds in the PNG, GS1 data in its human-readable form. */
export const decodePng = async (
  pngPath: string,
  formats: ReadInputBarcodeFormat[],
): Promise<ReadResult[]> =>
  readBarcodes(new Uint8Array(readFileSync(pngPath)), {
    formats,
    tryHarder: true,
    textMode: 'HRI',
    maxNumberOfSymbols: 4,
  });

/**
 * Where the ink is in a rendered PNG, in points from the render's top-left corner, and the
 * colour of its darkest pixel.
 */
export const inkOf = async (pngPath: string) => {
  const image = await loadImage(readFileSync(pngPath));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  let darkest = { sum: 765, rgb: [255, 255, 255] };
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const i = (y * image.width + x) * 4;
      const sum = data[i]! + data[i + 1]! + data[i + 2]!;
      if (sum < darkest.sum) darkest = { sum, rgb: [data[i]!, data[i + 1]!, data[i + 2]!] };
      if (sum > 600) continue;
      [left, top] = [Math.min(left, x), Math.min(top, y)];
      [right, bottom] = [Math.max(right, x + 1), Math.max(bottom, y + 1)];
    }
  }
  const pt = (px: number) => (px * 72) / RENDER_DPI;
  return {
    left: pt(left),
    top: pt(top),
    width: pt(right - left),
    height: pt(bottom - top),
    darkest: darkest.rgb,
  };
};

/**
 * The text ZXing reads from a QR code's modules (one byte per module, dark when set), drawn
 * four pixels a module inside a four-module quiet zone; undefined when it reads none.
 */
export const readQrModules = async (modules: { size: number; data: Uint8Array }) => {
  const [scale, quiet] = [4, 4];
  const side = (modules.size + 2 * quiet) * scale;
  const canvas = createCanvas(side, side);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, side, side);
  context.fillStyle = '#000';
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) {
      if (modules.data[y * modules.size + x]) {
        context.fillRect((x + quiet) * scale, (y + quiet) * scale, scale, scale);
      }
    }
  }
  const [found] = await readBarcodes(new Uint8Array(await canvas.encode('png')), {
    formats: ['QRCode'],
  });
  return found?.text;
};
