import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFillEngine } from './fill-engine.ts';
import { lineBreaks } from './line-breaks.ts';
import { field, makeTemplate } from '../test/fixtures.ts';
import { hasPoppler } from '../../../test-fixtures/command-line-tools.ts';

const { fill } = createFillEngine();

const dir = mkdtempSync(join(tmpdir(), 'platen-breaks-'));
let counter = 0;

const box = { rectX: 50, rectY: 60, rectHeight: 400, fontSize: 12 };

/** The lines poppler reads in the box of a long-text field filled with the value. */
const linesOf = async (value: string, rectWidth: number): Promise<string[]> => {
  const f = field('text', { ...box, rectWidth, type: 'long_text' });
  const { pdf, fitReport } = await fill(template, [f], { text: value });
  expect(fitReport.text).toMatchObject({ result: 'wrapped', fontSize: 12 });
  const file = join(dir, `${++counter}.pdf`);
  writeFileSync(file, pdf);
  const crop = ['-x', '50', '-y', '60', '-W', String(rectWidth), '-H', '400'];
  const out = spawnSync('pdftotext', ['-f', '1', '-l', '1', ...crop, file, '-'], {
    encoding: 'utf8',
  }).stdout;
  return out
    .replace(/\f/g, '')
    .split('\n')
    .filter((line) => line !== '');
};

/** Offsets (UTF-16) where the platform's word segmenter starts a word. */
const wordStarts = (text: string) =>
  new Set(
    [...new Intl.Segmenter(undefined, { granularity: 'word' }).segment(text)].map((s) => s.index),
  );

let template: Uint8Array;
beforeAll(async () => {
  template = await makeTemplate();
});

const UNSPACED: Record<string, string> = {
  Thai: 'พจนานุกรมเพื่อหาขอบเขตของคำในภาษาไทยซึ่งเขียนติดกันโดยไม่เว้นวรรคระหว่างคำ',
  Lao: 'ພາສາລາວເປັນພາສາທີ່ສວຍງາມແລະຂຽນຕິດກັນໂດຍບໍ່ມີການເວັ້ນວັກລະຫວ່າງຄໍາ',
  Khmer: 'ភាសាខ្មែរជាភាសាផ្លូវការនៃប្រទេសកម្ពុជាហើយសរសេរជាប់គ្នាដោយគ្មានដកឃ្លា',
  Burmese: 'မြန်မာဘာသာစကားသည်မြန်မာနိုင်ငံ၏ရုံးသုံးဘာသာစကားဖြစ်သည်',
};

describe('line breaks in scripts written without spaces', () => {
  it('allows breaks only where the word segmenter finds a word boundary', () => {
    const text = 'เพื่อหาขอบ';
    const codes = [...text].map((c) => c.codePointAt(0)!);
    const breaks = lineBreaks(text, codes)!;
    // เพื่อ | หา | ขอบ: breaks before ห (index 5) and ข (index 7) only.
    expect([...breaks].flatMap((b, i) => (b ? [i] : []))).toEqual([5, 7]);
    const latin = 'Plain Latin text';
    expect(
      lineBreaks(
        latin,
        [...latin].map((c) => c.codePointAt(0)!),
      ),
    ).toBeUndefined();
  });

  for (const [script, value] of Object.entries(UNSPACED)) {
    it.runIf(hasPoppler)(`ends every ${script} line on a word boundary`, async () => {
      const starts = wordStarts(value);
      for (const width of [90, 120, 150]) {
        const lines = await linesOf(value, width);
        expect(lines.length, `${script} at ${width} pt`).toBeGreaterThan(2);
        expect(lines.join(''), `${script} at ${width} pt`).toBe(value);
        let at = 0;
        for (const line of lines.slice(0, -1)) {
          at += line.length;
          expect(starts.has(at), `${script} at ${width} pt: "${line}" ends inside a word`).toBe(
            true,
          );
        }
      }
    });
  }
});

/** Characters kinsoku keeps off the start of a line, and off its end. */
const NOT_FIRST = '，。、：；？！）」』】ーっゃゅょッャュョ々';
const NOT_LAST = '（「『【';

const CJK: Record<string, string> = {
  Chinese:
    '「你好，世界。」我们（今天）去北京，看了故宫、长城和颐和园。天气很好！你呢？他说：「明天再来。」',
  Japanese:
    '「こんにちは、世界。」私たちは（今日）東京へ行き、浅草寺や上野公園を見ました。ちょっと待って！ジュースを買ってきます。',
};

describe('kinsoku in Chinese and Japanese', () => {
  for (const [language, value] of Object.entries(CJK)) {
    it.runIf(hasPoppler)(
      `starts no ${language} line with a closing mark, ends none with an opening one`,
      async () => {
        // Eleven widths: breaking between any two characters would put a comma or a closing
        // bracket first on some line of one of them.
        for (let chars = 5; chars <= 15; chars++) {
          const width = chars * 12 + 4;
          const lines = await linesOf(value, width);
          expect(lines.join(''), `${language} at ${width} pt`).toBe(value);
          for (const line of lines) {
            expect(NOT_FIRST, `${language} at ${width} pt: "${line}"`).not.toContain(line[0]);
            expect(NOT_LAST, `${language} at ${width} pt: "${line}"`).not.toContain(line.at(-1));
          }
        }
      },
    );
  }
});
