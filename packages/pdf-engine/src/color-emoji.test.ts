import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFillEngine } from './fill-engine.ts';
import { field, makeTemplate } from '../test/fixtures.ts';
import { hasPoppler } from '../../../test-fixtures/command-line-tools.ts';

const dir = mkdtempSync(join(tmpdir(), 'platen-color-emoji-'));
let template: Uint8Array;
beforeAll(async () => {
  template = await makeTemplate();
});

/** A one-line field 100 pt from the top of page 1, clear of its printed text, and its value's filled document. */
const filled = async (value: string) => {
  const f = field('text', { rectX: 0, rectY: 100, rectWidth: 400, rectHeight: 72, fontSize: 48 });
  const { pdf, fitReport } = await fill(value, f);
  expect(fitReport.text).toEqual({ result: 'fitted', fontSize: 48 });
  const file = join(dir, `${value.codePointAt(0)}-${value.length}.pdf`);
  writeFileSync(file, pdf);
  return file;
};
const { fill: fillEngine } = createFillEngine();
const fill = (value: string, f: ReturnType<typeof field>) =>
  fillEngine(template, [f], { text: value });

/** The colours in the field's box (400 × 72 pt at 72 dpi), counted by kind of pixel. */
const colours = async (file: string) => {
  const out = join(dir, 'box');
  spawnSync('pdftoppm', [
    '-png',
    '-r',
    '72',
    '-f',
    '1',
    '-l',
    '1',
    '-x',
    '0',
    '-y',
    '100',
    '-W',
    '400',
    '-H',
    '72',
    '-singlefile',
    file,
    out,
  ]);
  const image = await loadImage(readFileSync(`${out}.png`));
  const context = createCanvas(image.width, image.height).getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  const count = { yellow: 0, red: 0, grey: 0, coloured: 0 };
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
    if (Math.max(r, g, b) - Math.min(r, g, b) > 40) count.coloured++;
    if (r > 200 && g > 150 && b < 110) count.yellow++;
    else if (r > 170 && g < 90 && b < 110) count.red++;
    else if (Math.max(r, g, b) - Math.min(r, g, b) < 24 && r < 200) count.grey++;
  }
  return count;
};

const extracted = (file: string) =>
  spawnSync(
    'pdftotext',
    ['-f', '1', '-l', '1', '-x', '0', '-y', '100', '-W', '400', '-H', '72', file, '-'],
    {
      encoding: 'utf8',
    },
  ).stdout.trim();

describe.runIf(hasPoppler)('emoji print in colour', () => {
  it('draws an emoji in its own colours and reads back as the emoji', async () => {
    const file = await filled('😀');
    const count = await colours(file);
    expect(count.yellow).toBeGreaterThan(400); // the face: a 48 pt disc is ~1,800 px
    expect(extracted(file)).toBe('😀');
  });

  it('draws a heart with VS16 in red and one without it in the text colour', async () => {
    const emoji = await colours(await filled('❤️'));
    expect(emoji.red).toBeGreaterThan(400);
    const text = await colours(await filled('❤'));
    expect(text.red).toBe(0);
    expect(text.grey).toBeGreaterThan(400);
  });

  it('keeps sequences, flags and skin tones one emoji, and their characters in the text', async () => {
    for (const value of ['A👍🏽B', 'A🇩🇪B', 'A🏳️\u200d🌈B', 'A👩🏿\u200d💻B', 'A1️⃣B']) {
      expect(extracted(await filled(value)), value).toBe(value);
    }
    // A toned thumb is the face's toned glyph, not the yellow one with a swatch after it.
    const toned = await colours(await filled('👍🏽'));
    expect(toned.coloured).toBeGreaterThan(400);
    expect(toned.yellow).toBeLessThan(50);
  });
});
