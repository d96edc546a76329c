// Text with placeholders: a text or long-text field that holds a template such as
// `Dear {First name} {Last name},` prints it with other fields' values instead of taking a value
// of its own. The server checks the labels on save and fills the text on generate; the Form tab
// shows it filled. This module only reads and fills the text: what a label stands for is the
// caller's (field values here; page numbers where a table repeats its page).
import { z } from 'zod';

/** The longest template a field may hold, as long as the longest default. */
export const MAX_TEMPLATE_TEXT = 10_000;

/** The field types that may hold a template instead of taking a value. */
export const templateFieldTypes = ['text', 'long_text'] as const;

export const templateTextSchema = z
  .string()
  .min(1, { error: 'A template needs some text.' })
  .max(MAX_TEMPLATE_TEXT, {
    error: `A template must be at most ${MAX_TEMPLATE_TEXT} characters.`,
  })
  .meta({
    description:
      "TEXT and LONG_TEXT only: the field prints this text with {Label} replaced by that field's value as it prints (in its number or date format), and takes no value from the payload (it is not in the payload schema). A value left out prints its field's default, or nothing. Every label must be a field of the template that prints text; a { without a closing } prints as it is.",
  });

/** A run of literal text, or a placeholder naming a label. */
export type TemplatePart = { text: string } | { label: string; source: string };

/**
 * A template's parts, read in one pass (conventions.md#conventions: linear in the text, whatever it
 * holds). A placeholder runs from the last `{` before a `}` to that `}`, its label trimmed, so
 * `{{Name}` is a literal `{` then the placeholder; `{}` and a `{` never closed print as they are.
 *
 * @example
 * parseTemplate('Dear {First name},')
 * // [{ text: 'Dear ' }, { label: 'First name', source: '{First name}' }, { text: ',' }]
 */
export const parseTemplate = (template: string): TemplatePart[] => {
  const parts: TemplatePart[] = [];
  let literalStart = 0;
  let open = -1;
  for (let i = 0; i < template.length; i++) {
    const char = template[i];
    if (char === '{') open = i;
    else if (char === '}' && open >= 0) {
      const label = template.slice(open + 1, i).trim();
      if (label !== '') {
        if (open > literalStart) parts.push({ text: template.slice(literalStart, open) });
        parts.push({ label, source: template.slice(open, i + 1) });
        literalStart = i + 1;
      }
      open = -1;
    }
  }
  if (literalStart < template.length) parts.push({ text: template.slice(literalStart) });
  return parts;
};

/**
 * Placeholders the engine fills once a document's pages are laid out (a table may repeat its
 * page): `{page}`, the number of the page the box is on, and `{pages}`, the page count. A field
 * labelled so is named instead.
 */
export const PAGE_NUMBER_LABELS: readonly string[] = ['page', 'pages'];

/**
 * The labels a template names, each once, in the order they first appear.
 *
 * @example
 * placeholderLabels('{Last name}, {First name} {Last name}') // ['Last name', 'First name']
 */
export const placeholderLabels = (template: string): string[] => [
  ...new Set(parseTemplate(template).flatMap((part) => ('label' in part ? [part.label] : []))),
];

/**
 * The template with each placeholder replaced by what `textOf` says its label prints. A label
 * `textOf` does not know (undefined) keeps its placeholder as written, for a later step to fill
 * (a page number is known only when the page is laid out).
 *
 * @example
 * fillTemplate('Page {page}: {Name}', (label) => ({ Name: 'Ada' })[label]) // 'Page {page}: Ada'
 */
export const fillTemplate = (
  template: string,
  textOf: (label: string) => string | undefined,
): string =>
  parseTemplate(template)
    .map((part) => ('text' in part ? part.text : (textOf(part.label) ?? part.source)))
    .join('');

/**
 * The template with every placeholder of label `from` naming `to` instead, the rest as written:
 * a field renamed in the editor keeps printing in the texts that name it. A label that cannot
 * be a placeholder (empty, or holding a brace) changes nothing.
 *
 * @example
 * renamePlaceholder('Dear { Name },', 'Name', 'Given name') // 'Dear {Given name},'
 */
export const renamePlaceholder = (template: string, from: string, to: string): string => {
  const [source, target] = [from.trim(), to.trim()];
  if (target === '' || /[{}]/.test(target)) return template;
  return parseTemplate(template)
    .map((part) =>
      'text' in part ? part.text : part.label === source ? `{${target}}` : part.source,
    )
    .join('');
};
