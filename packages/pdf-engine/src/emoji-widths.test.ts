import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFillEngine } from './fill-engine.ts';
import { field, makeTemplate } from '../test/fixtures.ts';
import { hasPoppler } from '../../../test-fixtures/command-line-tools.ts';

const { fill } = createFillEngine();

const dir = mkdtempSync(join(tmpdir(), 'platen-emoji-'));
let counter = 0;
let template: Uint8Array;
beforeAll(async () => {
  template = await makeTemplate();
});

/** The one word poppler reads in a wide single-line field holding the value, and its width. */
const printed = async (value: string) => {
  const f = field('text', { rectX: 50, rectY: 60, rectWidth: 500, rectHeight: 40, fontSize: 20 });
  const { pdf, fitReport } = await fill(template, [f], { text: value });
  expect(fitReport.text).toMatchObject({ result: 'fitted' });
  const file = join(dir, `${++counter}.pdf`);
  writeFileSync(file, pdf);
  const out = spawnSync(
    'pdftotext',
    ['-bbox', '-x', '50', '-y', '60', '-W', '500', '-H', '40', file, '-'],
    {
      encoding: 'utf8',
    },
  ).stdout;
  const words = [...out.matchAll(/xMin="([\d.]+)"[^>]*xMax="([\d.]+)"[^>]*>([^<]*)</g)].filter(
    ([, , , text]) => text !== 'Template' && text !== 'page' && !/^\d+$/.test(text!),
  );
  expect(
    words.map((w) => w[3]),
    value,
  ).toHaveLength(1);
  const [, xMin, xMax, text] = words[0]!;
  return { text, width: Number(xMax) - Number(xMin) };
};

describe('emoji in the monochrome face', () => {
  it.runIf(hasPoppler)(
    'print a skin tone as its emoji, without a swatch, and keep it in the text',
    async () => {
      for (const [toned, plain] of [
        ['A👍🏽B', 'A👍B'],
        ['A👩🏿\u200d💻B', 'A👩\u200d💻B'],
        ['A👋🏻👋🏿B', 'A👋👋B'],
      ] as const) {
        const withTone = await printed(toned);
        const without = await printed(plain);
        expect(withTone.text).toBe(toned);
        // A swatch or a sequence kept from its ligature would add an em (20 pt) or more.
        expect(Math.abs(withTone.width - without.width), toned).toBeLessThan(0.5);
      }
    },
  );

  it.runIf(hasPoppler)(
    'print a sequence whose first character a symbol face has as one emoji, not as its parts',
    async () => {
      // A flag of two regional indicators: one glyph of the emoji face, one emoji wide.
      const one = await printed('A🇦🇶B');
      for (const sequence of [
        '🏳️\u200d🌈', // white flag (Symbols 2 has it), VS16, ZWJ, rainbow
        '👁️\u200d🗨️', // eye and speech bubble
        '1️⃣', // a keycap: digit, VS16, U+20E3
        '❤️', // heart with VS16: emoji presentation
        '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}', // Scotland, tag characters
      ]) {
        const value = `A${sequence}B`;
        const word = await printed(value);
        expect(word.text).toBe(value);
        expect(Math.abs(word.width - one.width), sequence).toBeLessThan(0.5);
      }
    },
  );
});
