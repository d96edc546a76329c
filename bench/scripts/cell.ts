/**
 * One script of the per-script benchmark, in its own process so its peak memory is its own:
 *   node --import tsx bench/scripts/cell.ts <latin|devanagari|arabic|cjk|thai|emoji> <seconds>
 * Loads every face first (one fill of the engine's all-scripts sample), then fills an A4 page of
 * ten long-text fields in the script, the words changing with every document (so each gets its
 * own font subset), for the given time. Prints one JSON line.
 */
import { PDFDocument } from '@cantoo/pdf-lib';
import { createFillEngine, type FieldSpec } from '@platen/pdf-engine';
import {
  makeScriptsTemplate,
  scriptFields,
  scriptValues,
} from '../../packages/pdf-engine/test/all-scripts.ts';

/** Words per script; a document takes ten values of six words, shifted by its number. */
export const SCRIPT_WORDS = {
  latin: 'Zażółć gęślą jaźń Łódź Kraków Žižka Ørsted Åland Müller Ñandú façade naïve'.split(' '),
  devanagari: 'राहुल शर्मा मुंबई दिल्ली क्षेत्र श्रीमती प्रधानमंत्री विद्यालय राष्ट्र हिन्दी'.split(' '),
  arabic: 'محمد عبد الله القاهرة الرياض بيروت مستشفى جامعة الطلب شارع'.split(' '),
  cjk: '张伟 王芳 北京市 朝阳区 山田太郎 東京都 渋谷区 臺北市 信義區 上海市 広島県'.split(' '),
  emoji: 'Thanks 🎉 👍🏽 🇩🇪 ❤️ 😀 order 🏳️‍🌈 shipped 1️⃣ 👩🏿‍💻'.split(' '),
  thai: 'สมชาย ใจดี กรุงเทพ มหานคร เชียงใหม่ โรงพยาบาล มหาวิทยาลัย ถนน สุขุมวิท ภาษาไทย'.split(' '),
} as const;
export type Script = keyof typeof SCRIPT_WORDS;

const fields: FieldSpec[] = Array.from({ length: 10 }, (_, i) => ({
  id: `f${i}`,
  label: `field ${i}`,
  type: 'long_text',
  page: 1,
  rectX: 40,
  rectY: 40 + i * 76,
  rectWidth: 515,
  rectHeight: 68,
  fontSize: 12,
  fontFamily: 'helvetica',
  textAlign: 'left',
  fontColor: '#000000',
}));

const valuesOf = (words: readonly string[], n: number) =>
  Object.fromEntries(
    fields.map((f, i) => [
      f.label,
      // The document's number too: every value is new, so it is shaped, not found in a cache.
      `${Array.from({ length: 6 }, (_, w) => words[(n + i * 7 + w * 3) % words.length]).join(' ')} ${n}`,
    ]),
  );

const run = async () => {
  const [script, seconds] = process.argv.slice(2) as [Script, string];
  const words = SCRIPT_WORDS[script];
  if (!words) throw new Error('usage: cell.ts latin|devanagari|arabic|cjk|thai|emoji seconds');
  const engine = createFillEngine();
  await engine.fill(await makeScriptsTemplate(), scriptFields(), scriptValues());
  const doc = await PDFDocument.create();
  doc.addPage([595.28, 841.89]);
  const template = await doc.save();
  let n = 0;
  const warmUntil = performance.now() + 500;
  while (performance.now() < warmUntil) await engine.fill(template, fields, valuesOf(words, n++));
  const start = performance.now();
  const end = start + Number(seconds) * 1000;
  let docs = 0;
  while (docs < 3 || performance.now() < end) {
    await engine.fill(template, fields, valuesOf(words, n++));
    docs++;
  }
  const elapsed = performance.now() - start;
  return {
    script,
    docs,
    docsPerSecond: (docs * 1000) / elapsed,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
};

console.log(JSON.stringify(await run()));
