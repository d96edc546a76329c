/**
 * The benchmark's templates, fields and values: the same for every approach. Fields sit in the
 * top-left area of page 1 (clear of the IRS forms' own widgets is not needed: nothing reads them).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FieldSpec, FieldValues } from '@platen/pdf-engine';

/**
 * CI clones the repository with `shared/` beside it; a checkout elsewhere (a git worktree in a
 * folder of its own) names the corpus with BENCH_CORPUS_DIR.
 */
export const corpusDir = join(
  process.env.BENCH_CORPUS_DIR ?? join(import.meta.dirname, '..', '..', '..', 'shared', 'corpus'),
  'pdfs',
);

export interface BenchTemplate {
  id: 'a4' | 'fw9' | 'form24';
  label: string;
  file: string;
  source: string;
}

export const TEMPLATES: BenchTemplate[] = [
  {
    id: 'a4',
    label: '1-page A4 form (72 KB)',
    file: 'bench_a4_form_generated.pdf',
    source: 'generated for the corpus: an HTML form page printed to PDF by headless Chromium',
  },
  {
    id: 'fw9',
    label: 'IRS W-9 (fw9, 216 KB, 6 pages, AcroForm + XFA)',
    file: 'bench_irs_fw9.pdf',
    source: 'IRS Form W-9 (public domain), from GitHub kentros/pdfs `fw9.pdf`',
  },
  {
    id: 'form24',
    label: '24-page government form (2 MB, 84,000 objects, object streams)',
    file: 'bench_irs_i1040_instructions_24p.pdf',
    source:
      'IRS 1040 instructions (public domain), pages 1-24 cut with qpdf from Hopding/pdf-lib `assets/pdfs/linearized_with_object_streams.pdf`',
  },
];

export const templateBytes = (t: BenchTemplate): Uint8Array => {
  const path = join(corpusDir, t.file);
  if (!existsSync(path)) throw new Error(`Benchmark template missing: ${path}`);
  return new Uint8Array(readFileSync(path));
};

/** Ten one-line text fields in a column and a checkbox under them, on page 1. */
export const FIELDS: FieldSpec[] = [
  ...Array.from({ length: 10 }, (_, i) => ({
    id: `t${i}`,
    label: `Text ${i + 1}`,
    type: 'text' as const,
    page: 1,
    rectX: 60,
    rectY: 90 + i * 32,
    rectWidth: 260,
    rectHeight: 22,
    fontSize: 11,
    fontFamily: 'helvetica' as const,
    textAlign: 'left' as const,
    fontColor: '#1a2b3c',
  })),
  {
    id: 'c1',
    label: 'Agree',
    type: 'checkbox',
    page: 1,
    rectX: 60,
    rectY: 420,
    rectWidth: 14,
    rectHeight: 14,
    fontSize: 11,
    fontFamily: 'helvetica',
    textAlign: 'left',
    fontColor: '#1a2b3c',
  },
];

const LATIN = [
  'Jane Q. Doe',
  'Acme Widgets Ltd.',
  '1234 Market Street, Suite 500',
  'San Francisco, CA 94103',
  '12-3456789',
  'jane.doe@example.com',
  '+1 (415) 555-0100',
  '2025-01-31',
  'Invoice 2025/0042',
  'EUR 1,234.56',
];

const UNICODE = [
  'Zażółć gęślą jaźń',
  'Łódź, ul. Piotrkowska 104',
  'Ελληνικά: Αθήνα 10557',
  'Kraków — € 1 234,56',
  'Grzegorz Brzęczyszczykiewicz',
  'Σωκράτης Παπαδόπουλος',
  'Świętokrzyska 18, 00-050 Warszawa',
  'Θεσσαλονίκη € 99,90',
  'Michał Żółkiewski',
  'ΑΦΜ 123456789 — €',
];

const JAPANESE_FAMILY = [
  '佐藤',
  '鈴木',
  '高橋',
  '田中',
  '伊藤',
  '渡辺',
  '山本',
  '中村',
  '小林',
  '加藤',
  '吉田',
  '山田',
  '佐々木',
  '山口',
  '松本',
  '井上',
  '木村',
  '林',
  '清水',
  '斎藤',
];
const JAPANESE_GIVEN = [
  '翔太',
  '陽菜',
  '蓮',
  '結衣',
  '大翔',
  'さくら',
  '悠真',
  '美咲',
  '健一',
  '由美',
  '隆',
  '恵子',
  '直樹',
  'ひなた',
  '拓海',
];
const CHINESE_FAMILY = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '吴',
  '周',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
  '何',
  '高',
  '林',
  '罗',
];
const CHINESE_GIVEN = [
  '伟',
  '芳',
  '娜',
  '秀英',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '娟',
];

/** 300 Japanese and 300 Chinese full names: the CJK case draws each document's values from them. */
const names = (families: string[], givens: string[], separator: string) =>
  families.flatMap((family) => givens.map((given) => `${family}${separator}${given}`));
export const CJK_NAMES = [
  ...names(JAPANESE_FAMILY, JAPANESE_GIVEN, ' '),
  ...names(CHINESE_FAMILY, CHINESE_GIVEN, ''),
];

/** A number from 0 to 2^32 - 1 that looks random but depends only on its inputs (a hash). */
const scramble = (n: number, i: number) => {
  let x = Math.imul(n + 1, 0x9e3779b1) ^ Math.imul(i + 1, 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  return (x ^ (x >>> 15)) >>> 0;
};

/**
 * Ten values for document number `n`: names (Japanese and Chinese mixed) picked by a hash, so no
 * two documents of a run draw the same ten and no subset comes from the cache by repetition.
 */
const cjkTexts = (n: number) =>
  Array.from({ length: 10 }, (_, i) => {
    const name = CJK_NAMES[scramble(n, i) % CJK_NAMES.length]!;
    return i % 2 === 0 ? name : `${name} 様 東京都`;
  });

export type ValueSet = 'latin' | 'unicode' | 'cjk' | 'qrcode' | 'invoice';

/** A payment QR code under the text fields, as an invoice prints one (qrcode case). */
export const QR_FIELD: FieldSpec = {
  id: 'q1',
  label: 'Payment',
  type: 'barcode',
  page: 1,
  rectX: 420,
  rectY: 90,
  rectWidth: 110,
  rectHeight: 110,
  fontSize: 11,
  fontFamily: 'helvetica',
  textAlign: 'left',
  fontColor: '#000000',
  barcode: { symbology: 'qrcode', errorCorrection: 'M' },
};

/** Invoice lines under the text fields: 30 rows fit its box, so the page does not repeat. */
export const TABLE_FIELD: FieldSpec = {
  id: 'l1',
  label: 'Lines',
  type: 'table',
  page: 1,
  rectX: 60,
  rectY: 440,
  rectWidth: 475,
  rectHeight: 395,
  fontSize: 7.5,
  fontFamily: 'helvetica',
  textAlign: 'left',
  fontColor: '#000000',
  table: {
    headerRow: true,
    columns: [
      { label: 'Item', widthShare: 4, align: 'left' },
      { label: 'Qty', widthShare: 1, align: 'right' },
      { label: 'Price', widthShare: 1.2, align: 'right' },
      { label: 'Amount', widthShare: 1.2, align: 'right' },
    ],
  },
};

/** Thirty invoice lines of document `n`, formatted as the server would print them. */
const invoiceRows = (n: number) =>
  Array.from({ length: 30 }, (_, i) => {
    const qty = (i % 7) + 1;
    const cents = 1250 + ((n * 31 + i * 17) % 5000);
    return {
      Item: `Article ${String(n % 1000).padStart(3, '0')}-${i + 1}, printer paper A4 80 g`,
      Qty: String(qty),
      Price: (cents / 100).toFixed(2),
      Amount: ((qty * cents) / 100).toFixed(2),
    };
  });

/** The fields of a value set: the qrcode case adds the QR code, the invoice case lines too. */
export const fieldsFor = (set: ValueSet): FieldSpec[] =>
  set === 'qrcode'
    ? [...FIELDS, QR_FIELD]
    : set === 'invoice'
      ? [...FIELDS, QR_FIELD, TABLE_FIELD]
      : FIELDS;

/**
 * The values of document number `n`, the same for every approach; "unicode" needs an embedded
 * font (Polish, Greek, €), "cjk" Japanese and Chinese faces and changes with `n`; "qrcode" is
 * the Latin values and a payment link numbered `n`, so every document encodes its own code;
 * "invoice" adds 30 invoice lines that change with `n`.
 */
export const valuesFor = (set: ValueSet, n = 0): { texts: string[]; values: FieldValues } => {
  const texts = set === 'unicode' ? UNICODE : set === 'cjk' ? cjkTexts(n) : LATIN;
  const values: Record<string, FieldValues[string]> = { Agree: true };
  texts.forEach((text, i) => (values[`Text ${i + 1}`] = text));
  if (set === 'qrcode' || set === 'invoice') {
    values.Payment = `https://pay.example.com/i/2026-${String(n).padStart(6, '0')}?amount=1234.56&currency=EUR`;
  }
  if (set === 'invoice') values.Lines = invoiceRows(n);
  return { texts, values };
};
