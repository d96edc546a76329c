import type { TemplateResponse } from '@platen/contract';

/** Past this many, the fields not imported are counted rather than named. */
const NAMED_AT_MOST = 8;

const SOURCE_WORDS = {
  tooltip: 'from the form’s tooltips',
  pageWords: 'from the words printed beside their boxes (check these)',
  name: 'from the fields’ names',
} as const;

/**
 * "Labels: 3 from the form’s tooltips, 2 from …": where the labels came from, by count; nothing
 * when every label is a field's name, as it always was.
 */
const labelSourcesLine = (labels: NonNullable<TemplateResponse['importedLabels']>) => {
  if (labels.every((label) => label.source === 'name')) return undefined;
  const parts = (Object.keys(SOURCE_WORDS) as (keyof typeof SOURCE_WORDS)[]).flatMap((source) => {
    const n = labels.filter((label) => label.source === source).length;
    return n > 0 ? [`${n} ${SOURCE_WORDS[source]}`] : [];
  });
  return parts.length > 0 ? `Labels: ${parts.join(', ')}.` : undefined;
};

/**
 * What the upload made of the PDF, in sentences for the "Template created" dialog: that its
 * encryption was removed (the server's `restrictionsRemoved`), how many fields it took over,
 * and the fields it left alone by reason (`notImported`), so nothing disappears without a word.
 *
 * @example
 * importSummary({ inputs: [a, b], notImported: [{ name: 'Print', reason: 'a push button has no value to fill' }] })
 * // ['2 fields were taken from the PDF’s own form.', 'Not imported: Print (a push button has no value to fill).']
 */
export const importSummary = (
  created: Pick<
    TemplateResponse,
    'inputs' | 'notImported' | 'restrictionsRemoved' | 'importedLabels'
  >,
): string[] => {
  const count = created.inputs.length;
  const skipped = created.notImported ?? [];
  const lines: string[] = created.restrictionsRemoved ? [created.restrictionsRemoved] : [];
  if (count > 0) {
    lines.push(
      `${count} ${count === 1 ? 'field was' : 'fields were'} taken from the PDF’s own form.`,
    );
  }
  const sources = labelSourcesLine(created.importedLabels ?? []);
  if (sources) lines.push(sources);
  const byReason = new Map<string, typeof skipped>();
  for (const item of skipped)
    byReason.set(item.reason, [...(byReason.get(item.reason) ?? []), item]);
  for (const [reason, items] of byReason) {
    // A name the list holds twice (fourteen "Clear" buttons) is told apart by its page.
    const isRepeated = (name: string) => items.filter((other) => other.name === name).length > 1;
    const named = items
      .slice(0, NAMED_AT_MOST)
      .map((item) =>
        item.page && isRepeated(item.name) ? `${item.name} (page ${item.page})` : item.name,
      );
    const more = items.length - named.length;
    lines.push(
      `Not imported: ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''} (${reason}).`,
    );
  }
  return lines;
};
