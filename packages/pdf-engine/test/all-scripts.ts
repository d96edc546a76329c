/**
 * The all-scripts sample: one A4 page with a labelled box per script, and a value for each. Used
 * by the engine's script tests and for looking at the result (render it with pdftoppm).
 */
import { PDFDocument, StandardFonts, rgb } from '@cantoo/pdf-lib';
import type { FieldSpec, FieldValues } from '../src/types.ts';

/** Label → value, one line per script the fallback chain covers. */
export const SCRIPT_SAMPLES: Record<string, string> = {
  'Simplified Chinese': '张伟 北京市朝阳区',
  'Traditional Chinese': '陳大文 臺北市信義區',
  Japanese: '山田太郎 東京都渋谷区',
  Korean: '김민준 서울특별시',
  Arabic: 'محمد عبد الله',
  Hebrew: 'דוד כהן',
  Devanagari: 'राहुल शर्मा',
  Thai: 'สมชาย ใจดี',
  Symbols: '★ ♞ ⚑ 😀',
  'Arabic and English': 'Order رقم الطلب 42 shipped',
  'Hebrew with numbers': 'מספר 12345 בתאריך 2024',
  Polish: 'Zażółć gęślą jaźń',
  Bengali: 'রবীন্দ্রনাথ ঠাকুর, কলকাতা',
  Tamil: 'திருவள்ளுவர் சென்னை',
  Gujarati: 'મહાત્મા ગાંધી અમદાવાદ',
  Sinhala: 'කොළඹ ශ්‍රී ලංකාව',
  Khmer: 'ភ្នំពេញ កម្ពុជា',
  Myanmar: 'ရန်ကုန်မြို့',
  Ethiopic: 'አዲስ አበባ ኢትዮጵያ',
  Telugu: 'హైదరాబాద్ తెలంగాణ',
  Kannada: 'ಬೆಂಗಳೂರು ಕರ್ನಾಟಕ',
  Malayalam: 'തിരുവനന്തപുരം കേരളം',
  Gurmukhi: 'ਅੰਮ੍ਰਿਤਸਰ ਪੰਜਾਬ',
  Odia: 'ଭୁବନେଶ୍ୱର ଓଡ଼ିଶା',
  Lao: 'ວຽງຈັນ ລາວ',
  Tibetan: 'ལྷ་ས། བོད་ཡིག',
};

/** The samples whose Han characters need their language's face (see faces.ts). */
const SAMPLE_LANGUAGES: Record<string, string> = {
  'Simplified Chinese': 'zh-Hans',
  'Traditional Chinese': 'zh-Hant',
  Japanese: 'ja',
  Korean: 'ko',
};

const ROW = 46;
const TOP = 40;
const ROWS_PER_PAGE = 15;

/** The pages the sample's fields are on. */
export const SCRIPT_PAGES = Math.ceil(Object.keys(SCRIPT_SAMPLES).length / ROWS_PER_PAGE);

/**
 * A field per sample, in rows down the pages (15 a page); the family alternates so each chain is
 * used.
 */
export const scriptFields = (): FieldSpec[] =>
  Object.keys(SCRIPT_SAMPLES).map((label, i) => ({
    id: `script${i}`,
    label,
    type: i === 4 ? 'long_text' : 'text',
    page: 1 + Math.floor(i / ROWS_PER_PAGE),
    rectX: 180,
    rectY: TOP + (i % ROWS_PER_PAGE) * ROW,
    rectWidth: 380,
    rectHeight: 34,
    fontSize: 14,
    fontFamily: i % 3 === 0 ? 'helvetica' : i % 3 === 1 ? 'timesnewroman' : 'courier',
    textAlign: i % 2 === 0 ? 'left' : 'right',
    fontColor: '#000000',
    ...(SAMPLE_LANGUAGES[label] && { language: SAMPLE_LANGUAGES[label] }),
  }));

export const scriptValues = (): FieldValues => ({ ...SCRIPT_SAMPLES });

/** A4 pages with each sample's label and an outlined box where its value goes. */
export const makeScriptsTemplate = async (): Promise<Uint8Array> => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages = Array.from({ length: SCRIPT_PAGES }, () => doc.addPage([595.28, 841.89]));
  for (const f of scriptFields()) {
    const page = pages[f.page - 1]!;
    const y = 841.89 - f.rectY - f.rectHeight;
    page.drawText(f.label, { x: 30, y: y + 9, size: 10, font });
    page.drawRectangle({
      x: f.rectX,
      y,
      width: f.rectWidth,
      height: f.rectHeight,
      borderColor: rgb(0.6, 0.6, 0.6),
      borderWidth: 0.5,
    });
  }
  return doc.save();
};
