import type { ItemError } from '@platen/contract';
import type { FieldSpec } from '@platen/pdf-engine';
import { AppError } from '../../lib/app-error.ts';
import { checkFieldValues, expectedValue, misshapenBarcodes } from './field-values.ts';
import { describeUnknown, unknownLabels } from './unknown-labels.ts';

/** How many refused items an answer lists; the message counts them all. */
export const LISTED_ITEM_ERRORS = 100;

/**
 * Checks every item of a batch before anything is counted or queued: each wrong value is named
 * by the item's index, the field and what it expects, and so is each label the version does not
 * have, unless the batch asked for those to be left out. Image values are only checked for their
 * form here, and barcode data for its shape; images are downloaded, and codes encoded, when
 * their item is filled.
 */
export const checkBatchItems = (
  fields: readonly FieldSpec[],
  items: readonly Record<string, unknown>[],
  /** The labels items may name; undefined when the batch asked to leave others out. */
  labels: readonly string[] | undefined,
): void => {
  const errors: ItemError[] = [];
  let refused = 0;
  items.forEach((item, index) => {
    const checked = checkFieldValues(fields, item);
    const { rowProblems } = checked;
    const wrong = [
      ...checked.wrong,
      ...misshapenBarcodes(fields, item).filter((field) => !checked.wrong.includes(field)),
    ];
    const unknown = labels ? unknownLabels(labels, item) : [];
    if (wrong.length > 0 || unknown.length > 0) refused += 1;
    for (const entry of unknown) {
      if (errors.length >= LISTED_ITEM_ERRORS) break;
      errors.push({
        index,
        field: entry.label,
        code: 'UNKNOWN_FIELDS',
        message: `${describeUnknown(entry)} is not a field of this template version.`,
      });
    }
    for (const field of wrong) {
      if (errors.length >= LISTED_ITEM_ERRORS) break;
      errors.push({
        index,
        field: field.label,
        code: 'INVALID_VALUES',
        message:
          rowProblems.get(field.label) ?? `"${field.label}" expects ${expectedValue(field)}.`,
      });
    }
  });
  if (refused === 0) return;
  const first = errors[0]!;
  const what = errors.every((error) => error.code === 'INVALID_VALUES')
    ? 'have values of the wrong type'
    : 'have values this template version cannot take';
  throw new AppError(
    'INVALID_ITEMS',
    400,
    `${refused} of ${items.length} items ${what}; nothing was started. The first: item ${first.index}, ${first.message}`,
    {},
    { items: errors },
  );
};
