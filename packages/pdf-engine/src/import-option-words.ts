/**
 * Option labels from the page, for a checkbox or radio group whose on-states are codes (`S`,
 * `MJ`, `1`…`7`, `ACCTC`): the words printed right beside each option's box ("Single", "Married
 * filing jointly", "C corporation"), as a person reads the form. Forms print them on either
 * side ("☐ Single" on the IRS's, "Checking ☐ Savings ☐" on Virginia's): the side that names every
 * option of the group, and names them apart, wins, so no option takes its neighbour's words.
 */
import type { PrintedLine, PrintedTextReader } from './page-words.ts';
import type { BoxOnPage, ChoiceOption, FieldSpec } from './types.ts';

/** A label made of words (`männlich`, `ohne Eintrag`), not a code (`1`, `MJ`, `Choice2`). */
const WORDS = /^\p{L}[\p{Ll}\p{M}]+(?:[ '’/,.-]+\p{L}[\p{L}\p{M}]*)*\.?$/u;
/** The label import makes up for an option without an export value. */
const MADE_UP = /^Option \d+$/;
/** How far from its box, and how far up or down, the words of an option may be. */
const MAX_GAP = 60;
/** Longest label taken from the page: a clause, not a paragraph. */
const MAX_LABEL = 60;

/** An option whose label is not plain words: a code, a made-up `Option 2`, a numbered tooltip. */
const needsWords = (option: ChoiceOption) =>
  option.box !== undefined && (MADE_UP.test(option.label) || !WORDS.test(option.label));

/**
 * The label an option keeps, given the words beside its box. A tooltip that ends with them
 * ("8. Sex. Male" beside "Male") is the question and its answer: the words. One that holds
 * them elsewhere ("Legal alien not allowed to work (see instructions)" beside the wrapped line
 * "to work (see") says more than the line does: the tooltip. Otherwise the words.
 */
const chosenLabel = (label: string, words: string) => {
  const at = label.toLowerCase().lastIndexOf(words.toLowerCase());
  return at < 0 || at + words.length === label.length ? words : label;
};

/** Leaders and colons around printed words (`Single ....`, `: Yes`); a scan, not a regex (conventions.md#conventions). */
const LEADERS = new Set([' ', '.', ':', '–', '-']);
const trimPunctuation = (text: string) => {
  let start = 0;
  let end = text.length;
  while (start < end && LEADERS.has(text[start]!)) start++;
  while (end > start && LEADERS.has(text[end - 1]!)) end--;
  return text.slice(start, end);
};

type Side = 'right' | 'left';
type Found = { text: string; gap: number };

/** The run nearest the box on its line, on one side; undefined when none is close or has letters. */
const wordsOnSide = (
  box: BoxOnPage,
  runs: readonly PrintedLine[],
  side: Side,
): Found | undefined => {
  const middle = box.rectY + box.rectHeight / 2;
  const boxRight = box.rectX + box.rectWidth;
  let nearest: Found | undefined;
  for (const run of runs) {
    // A run's letters stand on its baseline, about 0.8 of its size high.
    if (run.baseline - 0.8 * run.size > middle + 2 || run.baseline < middle - 2) continue;
    const gap = side === 'right' ? run.left - boxRight : box.rectX - run.right;
    if (gap < -1 || gap > MAX_GAP || (nearest && nearest.gap <= gap)) continue;
    nearest = { text: run.text, gap };
  }
  const text = nearest && trimPunctuation(nearest.text.replace(/\s+/g, ' ').trim());
  if (!nearest || !text || !/\p{L}/u.test(text)) return undefined;
  const label = text.length <= MAX_LABEL ? text : `${text.slice(0, MAX_LABEL - 1).trimEnd()}…`;
  return { text: label, gap: nearest.gap };
};

/**
 * The coded options' words from the side that finds words for the most of them, all different;
 * of two such sides, the one whose words stand closer to their boxes.
 */
const optionWords = async (coded: ChoiceOption[], printed: PrintedTextReader) => {
  const runsOf = async (option: ChoiceOption) => (await printed.page(option.box!.page)).runs;
  const sides = await Promise.all(
    (['right', 'left'] as const).map(async (side) => {
      const found = await Promise.all(
        coded.map(async (option) => wordsOnSide(option.box!, await runsOf(option), side)),
      );
      const texts = found.flatMap((f) => (f ? [f.text] : []));
      const distinct = new Set(texts).size === texts.length;
      const gaps = found.reduce((sum, f) => sum + (f?.gap ?? 0), 0);
      return { found, count: distinct ? texts.length : 0, gaps };
    }),
  );
  const [best] = sides.sort((a, b) => b.count - a.count || a.gaps - b.gaps);
  return best!.found;
};

/**
 * The fields with their coded option labels replaced by the words beside each option's box,
 * where the page has them and they tell the options apart.
 *
 * @example
 * await labelOptionsFromPage(fields, printedTextReader(pdf)) // c1_04: S → 'Single', MJ → 'Married filing jointly', …
 */
export const labelOptionsFromPage = async (
  fields: FieldSpec[],
  printed: PrintedTextReader,
): Promise<FieldSpec[]> => {
  const labelled: FieldSpec[] = [];
  for (const field of fields) {
    const coded = field.options?.filter(needsWords) ?? [];
    if (coded.length === 0) {
      labelled.push(field);
      continue;
    }
    const words = await optionWords(coded, printed);
    const options = field.options!.map((option) => {
      const found = words[coded.indexOf(option)];
      return found ? { ...option, label: chosenLabel(option.label, found.text) } : option;
    });
    const labels = options.map((option) => option.label);
    labelled.push(new Set(labels).size === labels.length ? { ...field, options } : field);
  }
  return labelled;
};
