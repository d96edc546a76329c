import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFillEngine } from './fill-engine.ts';
import { graphemeJoins, lineBreaks } from './line-breaks.ts';
import { fitSingleLine, wrap, type MeasuredText } from './text-layout.ts';
import { field, makeTemplate } from '../test/fixtures.ts';
import { hasPoppler } from '../../../test-fixtures/command-line-tools.ts';

const { fill } = createFillEngine();

const dir = mkdtempSync(join(tmpdir(), 'platen-graphemes-'));
let counter = 0;
let template: Uint8Array;
beforeAll(async () => {
  template = await makeTemplate();
});

const codesOf = (text: string) => [...text].map((c) => c.codePointAt(0)!);
/** Offsets (UTF-16) where a grapheme cluster starts, and the text's end. */
const clusterStarts = (text: string) =>
  new Set([
    ...[...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map(
      (s) => s.index,
    ),
    text.length,
  ]);

/** The lines poppler reads in the box of a long-text field filled with the value. */
const linesOf = async (value: string, rectWidth: number): Promise<string[]> => {
  const f = field('text', { rectX: 50, rectY: 60, rectWidth, rectHeight: 600, fontSize: 12 });
  const { pdf, fitReport } = await fill(template, [{ ...f, type: 'long_text' }], { text: value });
  expect(fitReport.text).toMatchObject({ result: 'wrapped', fontSize: 12 });
  const file = join(dir, `${++counter}.pdf`);
  writeFileSync(file, pdf);
  const crop = ['-x', '50', '-y', '60', '-W', String(rectWidth), '-H', '600'];
  return spawnSync('pdftotext', ['-f', '1', '-l', '1', ...crop, file, '-'], { encoding: 'utf8' })
    .stdout.replace(/\f/g, '')
    .split('\n')
    .filter((line) => line !== '');
};

/** Words longer than any line, in scripts whose clusters are several characters. */
const LONG_WORDS: Record<string, string> = {
  Devanagari: 'अन्तर्राष्ट्रीयकरणविश्वविद्यालयसम्मेलनप्रतिनिधिमण्डलक्षत्रियज्ञानश्रीकृष्ण',
  Thai: 'พจนานุกรมเพื่อหาขอบเขตของคำในภาษาไทยซึ่งเขียนติดกันโดยไม่เว้นวรรค',
  'Latin with stacked marks': 'ạ̈̃ẹ̀̄ộ̌ụ̈́ṇ̃ṣ̌'.repeat(4),
};

describe('a word longer than its line', () => {
  it('knows which characters continue a cluster: marks, virama conjuncts, emoji sequences, flags', () => {
    const joined = (text: string) => [...(graphemeJoins(text, codesOf(text)) ?? [])];
    expect(graphemeJoins('Plain Latin, café', codesOf('Plain Latin, café'))).toBeUndefined();
    // a + two combining marks; e + one.
    expect(joined('a\u0308\u0303e\u0301')).toEqual([0, 1, 1, 0, 1]);
    // Woman, ZWJ, woman, ZWJ, girl: one cluster; then a flag of two regional indicators.
    expect(joined('👩\u200d👩\u200d👧🇯🇵')).toEqual([0, 1, 1, 1, 1, 0, 1]);
    // A thumb with a skin tone, then a Devanagari conjunct क्ष (ka, virama, ssa) and a vowel sign.
    expect(joined('👍🏽क्षि')).toEqual([0, 1, 0, 1, 1, 1]);
    // No break is allowed inside a cluster, even where words would allow one.
    const thai = 'เพื่อหาขอบ';
    const codes = codesOf(thai);
    const breaks = lineBreaks(thai, codes, graphemeJoins(thai, codes))!;
    expect([...breaks].flatMap((b, i) => (b ? [i] : []))).toEqual([5, 7]);
  });

  it('is cut between clusters even where a joined character has a width of its own', () => {
    // Six characters of width 1: clusters [0,1,2] [3] [4,5].
    const t: MeasuredText = {
      codes: [0x61, 0x308, 0x303, 0x62, 0x63, 0x301],
      widths: [1, 1, 1, 1, 1, 1],
      joins: Uint8Array.from([0, 1, 1, 0, 0, 1]),
    };
    // Two characters fit a line: the first cluster overflows whole, the rest keep together.
    expect(wrap(t, 2, 1)).toEqual([
      { start: 0, end: 3 },
      { start: 3, end: 4 },
      { start: 4, end: 6 },
    ]);
    expect(wrap(t, 5, 1)).toEqual([
      { start: 0, end: 4 },
      { start: 4, end: 6 },
    ]);
    // Truncation cuts before the cluster that does not fit whole.
    const metrics = { ascent: 0.8, descent: -0.2 };
    const clipped = fitSingleLine(t, { width: 5 * 6, height: 100 }, metrics, 6);
    expect(clipped.lines).toEqual([{ start: 0, end: 4 }]);
  });

  for (const [script, value] of Object.entries(LONG_WORDS)) {
    it.runIf(hasPoppler)(`breaks a long ${script} word between grapheme clusters`, async () => {
      const starts = clusterStarts(value);
      for (const width of [40, 55, 70]) {
        const lines = await linesOf(value, width);
        expect(lines.length, `${script} at ${width} pt`).toBeGreaterThan(2);
        expect(lines.join(''), `${script} at ${width} pt`).toBe(value);
        let at = 0;
        for (const line of lines) {
          at += line.length;
          expect(starts.has(at), `${script} at ${width} pt: "${line}" splits a cluster`).toBe(true);
        }
      }
    });
  }

  it.runIf(hasPoppler)('keeps emoji sequences, skin tones and flags whole', async () => {
    const value = '👩\u200d👩\u200d👧\u200d👦👍🏽🇯🇵🇫🇷👨🏿\u200d💻'.repeat(3);
    const starts = clusterStarts(value);
    const lines = await linesOf(value, 40);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join('')).toBe(value);
    let at = 0;
    for (const line of lines) {
      at += line.length;
      expect(starts.has(at), `"${line}" splits an emoji`).toBe(true);
    }
  });
});

describe('Korean', () => {
  it.runIf(hasPoppler)('breaks between Hangul syllables, not only at spaces', async () => {
    const value =
      '대한민국의 수도는 서울특별시이며 인구는 약 천만 명이고 한강이 도시를 가로지릅니다';
    const starts = clusterStarts(value);
    let brokeInsideWord = false;
    // Every word fits each width (the longest is seven syllables, 84 pt).
    for (const width of [100, 125, 150]) {
      const lines = await linesOf(value, width);
      expect(lines.join('').replaceAll(' ', '')).toBe(value.replaceAll(' ', ''));
      let at = 0;
      for (const line of lines.slice(0, -1)) {
        at = value.indexOf(line, at) + line.length;
        expect(starts.has(at)).toBe(true);
        if (value[at] !== ' ') brokeInsideWord = true;
      }
    }
    // Breaking only at spaces would leave every line ending before a space.
    expect(brokeInsideWord).toBe(true);
  });
});
