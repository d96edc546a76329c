/**
 * Labels for imported form fields. A label is also the field's key in the generation payload,
 * so it must be short, unique and mean something to the person who writes that payload. Full
 * field names (`topmostSubform[0].Page1[0].SSN[0].f1_11[0]`) are none of these; a form's
 * tooltip (/TU), written for the person filling it in, usually is, or begins with one.
 */

import { continuations, gridCellCaption } from './import-grid-labels.ts';
import {
  wordsBeside,
  wordsRightOf,
  type PrintedLine,
  type PrintedTextReader,
} from './page-words.ts';
import type { BoxOnPage } from './types.ts';

/** A label from a tooltip is at most this long; the whole tooltip becomes the description. */
export const MAX_SHORT_LABEL = 60;
/** The contract's limit for a label. */
const MAX_LABEL = 100;
/** The contract's limit for a description. */
const MAX_DESCRIPTION = 2000;

/** Where a label came from, so a person can tell a form's words from a guess. */
export type LabelSource = 'tooltip' | 'pageWords' | 'name';

/**
 * A field's label, where it came from, and the whole tooltip when the label is only its start.
 *
 * @example
 * const named: FieldLabel = { label: "Spouse's SSN", source: 'tooltip' };
 */
export interface FieldLabel {
  label: string;
  source: LabelSource;
  description?: string;
}

/** Names a form designer did not choose: `f1_11`, `c1_1`, `p1-t4`, `or-40-p1-14`, `Text7`. */
const GENERATED =
  /^(?:[a-z]{1,2}\d+(?:[_-][a-z]?\d+)*|[a-z]{1,3}(?:-[a-z]?\d+)+|(?:text|check ?box|field)\s*\d+)$/i;
/** Containers form tools wrap around every field; they say nothing about one. */
const CONTAINER = /^(?:topmostSubform|form\d*|page\d+|#?subform\d*|root)$/i;
/**
 * A clause that only numbers the next one: `1`, `7a`, `Line 7`, `Part II`, `(b)`. It stays in
 * front of the clause it numbers (`Line 7. Wages, salaries, tips, etc`).
 */
const NUMBERING =
  /^(?:(?:line|part|section|step|item|question|box|schedule|page)\s+)?\(?(?:\d{1,3}[a-z]?|[ivx]{1,5}|[a-z])\)?$/i;
/** A period that ends an abbreviation, not a clause: `U.S.`, `e.g.`, `No.`, `Mr.`. */
const ABBREVIATION =
  /(?:^|[\s.(])(?:[a-z]|no|nos|vs|approx|apt|ave|dept|incl|mr|mrs|ms|dr|jr|sr|st)$/i;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The text without the given characters at its end (a loop: a regex would be quadratic). */
const trimEnd = (text: string, characters: string) => {
  let end = text.length;
  while (end > 0 && characters.includes(text[end - 1]!)) end--;
  return text.slice(0, end);
};
const withoutEndStop = (text: string) => trimEnd(text, ' \t\r\n.;:,');

/** The clauses of a tooltip: split at sentence stops and line breaks, abbreviations kept. */
const clausesOf = (tooltip: string): string[] => {
  const clauses: string[] = [];
  let start = 0;
  for (const stop of tooltip.matchAll(/[.;:!?](?=\s)|[\r\n]/g)) {
    const clause = tooltip.slice(start, stop.index);
    // Only the last word matters: testing the clause's tail keeps a long tooltip linear.
    const tail = tooltip.slice(Math.max(start, stop.index - 8), stop.index);
    if (stop[0] === '.' && ABBREVIATION.test(tail)) continue;
    clauses.push(oneLine(clause));
    start = stop.index + 1;
  }
  clauses.push(oneLine(tooltip.slice(start)));
  return clauses.map(withoutEndStop).filter((clause) => clause.length > 0);
};

/** Cuts at a word boundary, with an ellipsis, when the text is longer than `max`. */
const cutAtWord = (text: string, max: number): string => {
  if (text.length <= max) return text;
  // One character more than fits: a word that ends right at the limit is kept whole.
  const space = text.slice(0, max).lastIndexOf(' ');
  const cut = space > max / 2 ? text.slice(0, space) : text.slice(0, max - 1);
  return `${trimEnd(cut, ' ,;:')}…`;
};

/**
 * The short label of a tooltip: the whole of it when that is short, else its first clause
 * (with the number in front of it), cut at a word past MAX_SHORT_LABEL.
 */
const tooltipLabel = (tooltip: string): string => {
  const whole = withoutEndStop(oneLine(tooltip));
  if (whole.length <= MAX_SHORT_LABEL && !/[\r\n]/.test(tooltip.trim())) return whole;
  const [first = whole, second] = clausesOf(tooltip);
  const head = NUMBERING.test(first) && second ? `${first}. ${second}` : first;
  return cutAtWord(head, MAX_SHORT_LABEL);
};

/** The parts of a full name without their `[n]` indices, outermost first. */
const nameParts = (fullName: string): string[] =>
  fullName
    .split('.')
    .map((part) => part.replace(/\[\d+\]/g, '').trim())
    .filter((part) => part.length > 0);

/** Its own partial name, preceded by its parent's when its own is a code (`SSN f1_11`). */
const nameLabel = (fullName: string): string => {
  const parts = nameParts(fullName);
  const own = parts.at(-1) ?? 'Field';
  const parent = parts.at(-2);
  const name = GENERATED.test(own) && parent && !CONTAINER.test(parent) ? `${parent} ${own}` : own;
  return name.slice(0, MAX_LABEL);
};

/**
 * A field's label from its tooltip when it has one, however long (a short label, and the
 * whole tooltip as the description when the label is only its start); else from its name
 * without hierarchy and indices.
 *
 * @example
 * fieldLabel('form1[0].SPSSN[0]', "Spouse's SSN. Enter it as on the card.")
 * // { label: "Spouse's SSN", source: 'tooltip', description: "Spouse's SSN. Enter it as on the card." }
 * fieldLabel('topmostSubform[0].Page1[0].SSN[0].f1_11[0]') // { label: 'SSN f1_11', source: 'name' }
 */
export const fieldLabel = (fullName: string, fullTooltip?: string): FieldLabel => {
  // Past the description's limit nothing is read: a label never needs it, and work stays bounded.
  const tooltip = fullTooltip?.slice(0, MAX_DESCRIPTION);
  const whole = oneLine(tooltip ?? '');
  if (!hasWords(whole)) return { label: nameLabel(fullName), source: 'name' };
  const label = tooltipLabel(tooltip ?? '');
  const isWhole = label === withoutEndStop(whole);
  return {
    label,
    source: 'tooltip',
    ...(!isWhole && { description: whole }),
  };
};

const hasWords = (text: string | undefined): text is string => /[\p{L}\p{N}]/u.test(text ?? '');

const commonPrefixLength = (lists: string[][]): number => {
  const [first = []] = lists;
  let n = 0;
  while (n < first.length && lists.every((list) => list.length > n && list[n] === first[n])) n++;
  return n;
};

/**
 * Tells apart fields whose labels came out alike: within each group, the clauses all its
 * tooltips begin with are dropped and the label is made of the rest (`Line A, Opening
 * inventory, …` rather than the section title 138 times); again within what still collides.
 */
const separate = (labels: (string | undefined)[], clauses: string[][], indices: number[]) => {
  const groups = new Map<string, number[]>();
  for (const i of indices) {
    const label = labels[i];
    if (label !== undefined) groups.set(label, [...(groups.get(label) ?? []), i]);
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const shared = commonPrefixLength(group.map((i) => clauses[i]!));
    if (shared === 0) continue; // they differ, but only past the cut
    for (const i of group) {
      const rest = clauses[i]!.slice(shared);
      clauses[i] = rest;
      if (rest.length > 0) labels[i] = cutAtWord(rest.join(', '), MAX_SHORT_LABEL);
    }
    const left = group.filter((i) => clauses[i]!.length > 0);
    if (new Set(left.map((i) => clauses[i]!.join('\n'))).size > 1) separate(labels, clauses, left);
  }
};

/**
 * The labels a form's tooltips give its fields (undefined where a field has none): each as
 * `fieldLabel` makes it, except where several come out alike (tooltips that all begin with a
 * section's title): those are told apart by what follows the clauses they share. Repeats that
 * remain are left for `uniqueLabels` to number.
 *
 * @example
 * tooltipLabels(['5. Sales. Line 1. Row 1', '5. Sales. Line 2. Row 1', undefined])
 * // ['Line 1, Row 1', 'Line 2, Row 1', undefined]
 */
export const tooltipLabels = (fullTooltips: (string | undefined)[]): (string | undefined)[] => {
  const tooltips = fullTooltips.map((tip) => tip?.slice(0, MAX_DESCRIPTION));
  const labels = tooltips.map((tip) => (hasWords(tip) ? tooltipLabel(tip) : undefined));
  const clauses = tooltips.map((tip) => (hasWords(tip) ? clausesOf(tip) : []));
  separate(labels, clauses, [...labels.keys()]);
  return labels;
};

/**
 * A field of an imported form, as labelling needs it.
 *
 * @example
 * const candidate: LabelCandidate = { name: 'topmostSubform[0].Page1[0].f1_1[0]', current: 'f1_1' };
 */
export interface LabelCandidate {
  /** The field's full name in the PDF. */
  name: string;
  tooltip?: string | undefined;
  /** The label its name gives it (already unique among the form's fields). */
  current: string;
  /** Its (first) box, unless its boxes are a group's options: the words printed beside it may name it. */
  box?: BoxOnPage | undefined;
  /** A checkbox or radio button: its words print right of it first. */
  isMark?: boolean;
}

/** A run of dots that leads the eye to a line's box: `.....`, `. . . .`, `…`. */
const DOT_LEADER = /\.(?:\s?\.){3,}|…/;

/**
 * A caption worth a label: two letters at least, cut where a dot leader begins, which is
 * where a form prints the line's number again (`6b. Credits . . . . . 6b` is `6b. Credits`).
 */
const caption = (line: string): string | undefined => {
  const text = trimEnd(line.split(DOT_LEADER)[0]!, ' .…_');
  return /\p{L}\p{L}/u.test(text) ? text : undefined;
};

/**
 * The next item's number or letter, printed on the same line: "65 or older 17b", "Form 8960 c";
 * not a reference the words make themselves ("do not check box 6a").
 */
const NEXT_ITEM =
  /(?<!\b(?:box|line|lines|column|part|section|schedule|form)) (?:\d{1,3}[a-z]|[a-z])$/i;

/**
 * A checkbox's caption, printed right of it: without the next box's number on its line, and
 * not a mere note in parentheses ("(Not Supported)"), which leaves the box to the words before it.
 */
const markCaption = (line: string): string | undefined => {
  const text = caption(line)?.replace(NEXT_ITEM, '');
  return text && !/^\(.*\)$/.test(text) ? caption(text) : undefined;
};

/**
 * Labels for a form's imported fields: from the tooltip when there is one; else, for a field
 * whose own name is a code (`f1_1`), from the words printed just above or just left of its
 * box, right of it first for a checkbox (page-words.ts), or from its neighbours in a grid or a row of cells
 * (import-grid-labels.ts); else the name's label as it is. Labels from texts that come out alike
 * are told apart (`tooltipLabels`); a label that is only the start of its text gets the whole
 * text as its description. Not yet unique: pass each through `uniqueLabels`.
 *
 * @example
 * const labels = await formLabels(printedTextReader(pdfBytes), [{ name: 'f1_1[0]', current: 'f1_1', box }]);
 * // [{ label: '1 Name (as shown on your income tax return)', source: 'pageWords', description: '…' }]
 */
export const formLabels = async (
  printed: PrintedTextReader,
  candidates: LabelCandidate[],
): Promise<FieldLabel[]> => {
  const wantsWords = candidates.map(
    (c) =>
      !hasWords(c.tooltip) && c.box !== undefined && GENERATED.test(nameParts(c.name).at(-1) ?? ''),
  );
  const pages = new Map<number, PrintedLine[]>();
  const words: (string | undefined)[] = [];
  for (const [i, c] of candidates.entries()) {
    if (!wantsWords[i] || !c.box) {
      words.push(undefined);
      continue;
    }
    const lines = (await printed.page(c.box.page)).lines;
    pages.set(c.box.page, lines);
    words.push(
      (c.isMark ? wordsRightOf(lines, c.box, markCaption) : undefined) ??
        gridCellCaption(lines, c.box, caption) ??
        wordsBeside(lines, c.box, caption),
    );
  }
  const continues = continuations(
    candidates.map((c, i) => (wantsWords[i] ? c.box : undefined)),
    (page) => pages.get(page) ?? [],
  );
  const texts = candidates.map((c, i) => {
    if (hasWords(c.tooltip)) return { text: c.tooltip, source: 'tooltip' as const };
    const text = continues[i] ? undefined : words[i];
    return text === undefined ? undefined : { text, source: 'pageWords' as const };
  });
  const labels = tooltipLabels(texts.map((t) => t?.text));
  const own = candidates.map((c, i): FieldLabel => {
    const from = texts[i];
    const label = labels[i];
    if (!from || label === undefined) return { label: c.current, source: 'name' };
    const whole = oneLine(from.text.slice(0, MAX_DESCRIPTION));
    const isWhole = label === withoutEndStop(whole);
    return { label, source: from.source, ...(!isWhole && { description: whole }) };
  });
  // A box that continues another's entry takes its label (a box before it on its row: no cycle).
  const labelOf = (i: number): FieldLabel => {
    const link = continues[i];
    const base = link && labelOf(link.from);
    if (!link || !base || base.source === 'name') return own[i]!;
    return link.kind === 'cents' ? { ...base, label: `${base.label}, cents` } : base;
  };
  return candidates.map((_, i) => labelOf(i));
};

/**
 * A field's readable name: the label `fieldLabel` gives it.
 *
 * @example
 * readableName('topmostSubform[0].Page1[0].SSN[0].f1_11[0]') // 'SSN f1_11'
 * readableName('form1[0].Name[0]', 'Your name')            // 'Your name'
 */
export const readableName = (fullName: string, tooltip?: string): string =>
  fieldLabel(fullName, tooltip).label;

/**
 * Hands out unique labels: a repeat gets the next free number (`Name`, `Name 2`, `Name 3`).
 *
 * @example
 * const unique = uniqueLabels();
 * unique('Name'); unique('Name'); // 'Name', 'Name 2'
 */
export const uniqueLabels = () => {
  const used = new Set<string>();
  return (wanted: string): string => {
    let label = wanted;
    for (let n = 2; used.has(label); n++) {
      const suffix = ` ${n}`;
      label = `${wanted.slice(0, MAX_LABEL - suffix.length)}${suffix}`;
    }
    used.add(label);
    return label;
  };
};
