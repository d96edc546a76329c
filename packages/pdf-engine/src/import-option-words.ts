/**
 * Option labels from the page, for a checkbox or radio group whose on-states are codes (`S`,
 * `MJ`, `1`…`7`): the words printed right beside each option's box ("Single", "Married filing
 * jointly", "C corporation"), as a person reads the form. pdf.js reads the page text, placed on
 * the displayed page as the boxes are; it is imported only when a form has such a group.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { BoxOnPage, ChoiceOption, FieldSpec } from './types.ts';

/** A run of text on the displayed page, in points from its top-left corner. */
interface PageText {
  text: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** A label made of words (`männlich`, `ohne Eintrag`), not a code (`1`, `MJ`, `Choice2`). */
const WORDS = /^\p{L}[\p{Ll}\p{M}]+(?:[ '’/,.-]+\p{L}[\p{L}\p{M}]*)*\.?$/u;
/** How far right of its box, and how far up or down, the words of an option may start. */
const MAX_GAP = 60;
/** Longest label taken from the page: a clause, not a paragraph. */
const MAX_LABEL = 60;

const needsWords = (option: ChoiceOption) => option.box !== undefined && !WORDS.test(option.label);

/** Every text run of the wanted pages; none when pdf.js cannot read the file. */
const readPageTexts = async (pdf: Uint8Array, pages: Set<number>) => {
  const texts = new Map<number, PageText[]>();
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const task = pdfjs.getDocument({
    data: new Uint8Array(pdf), // a copy: pdf.js transfers the buffer it is given
    standardFontDataUrl: join(root, 'standard_fonts') + '/',
    isEvalSupported: false,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    for (const number of pages) {
      if (number > doc.numPages) continue;
      const page = await doc.getPage(number);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const runs: PageText[] = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const [a, b, , , e, f] = item.transform as number[];
        const size = Math.hypot(a!, b!);
        const corners = [
          [e!, f!],
          [e! + (a! / size) * item.width, f! + (b! / size) * item.width],
          [e! - (b! / size) * size * 0.8, f! + (a! / size) * size * 0.8],
        ].map(([x, y]) => viewport.convertToViewportPoint(x!, y!) as [number, number]);
        const xs = corners.map(([x]) => x);
        const ys = corners.map(([, y]) => y);
        const left = Math.min(...xs);
        runs.push({
          text: item.str.replace(/\s+/g, ' ').trim(),
          left,
          right: Math.max(...xs),
          top: Math.min(...ys),
          bottom: Math.max(...ys),
        });
      }
      texts.set(number, runs);
    }
  } catch {
    // An unreadable page text leaves the on-state names as labels.
  } finally {
    await task.destroy();
  }
  return texts;
};

/** Leaders and colons around printed words (`Single ....`, `: Yes`); a scan, not a regex (conventions.md §2). */
const LEADERS = new Set([' ', '.', ':', '–', '-']);
const trimPunctuation = (text: string) => {
  let start = 0;
  let end = text.length;
  while (start < end && LEADERS.has(text[start]!)) start++;
  while (end > start && LEADERS.has(text[end - 1]!)) end--;
  return text.slice(start, end);
};

/** The words starting nearest right of the box, on its line; undefined when none are close. */
const wordsBeside = (box: BoxOnPage, runs: readonly PageText[]): string | undefined => {
  const middle = box.rectY + box.rectHeight / 2;
  const boxRight = box.rectX + box.rectWidth;
  const beside = runs
    .filter((run) => run.top <= middle + 2 && run.bottom >= middle - 2)
    .filter((run) => run.left >= boxRight - 1 && run.left - boxRight <= MAX_GAP)
    .sort((a, b) => a.left - b.left);
  const text = beside[0] && trimPunctuation(beside[0].text);
  if (!text || !/\p{L}/u.test(text)) return undefined;
  return text.length <= MAX_LABEL ? text : `${text.slice(0, MAX_LABEL - 1).trimEnd()}…`;
};

/**
 * The fields with their coded option labels replaced by the words beside each option's box,
 * where the page has them and they tell the options apart.
 *
 * @example
 * await labelOptionsFromPage(fields, pdf) // c1_04 options: S → 'Single', MJ → 'Married filing jointly', …
 */
export const labelOptionsFromPage = async (
  fields: FieldSpec[],
  pdf: Uint8Array,
): Promise<FieldSpec[]> => {
  const coded = fields.filter((field) => field.options?.some(needsWords));
  if (coded.length === 0) return fields;
  const pages = new Set(
    coded.flatMap((f) => f.options!.filter(needsWords).map((o) => o.box!.page)),
  );
  const texts = await readPageTexts(pdf, pages);
  return fields.map((field) => {
    if (!coded.includes(field)) return field;
    const options = field.options!.map((option) => {
      const words =
        needsWords(option) && wordsBeside(option.box!, texts.get(option.box!.page) ?? []);
      return words ? { ...option, label: words } : option;
    });
    const labels = options.map((option) => option.label);
    return new Set(labels).size === labels.length ? { ...field, options } : field;
  });
};
