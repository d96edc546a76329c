import type { ItemError } from '@platen/contract';
import type { FieldSpec } from '@platen/pdf-engine';
import { AppError } from '../../lib/app-error.ts';
import { checkFieldValues, expectedValue } from '../documents/index.ts';

/** How many refused items an answer lists; the message counts them all. */
export const LISTED_ITEM_ERRORS = 100;

/**
 * Checks every item of a batch before anything is counted or queued: each wrong value is named
 * by the item's index, the field and what it expects. Image values are only checked for their
 * form here; they are downloaded when their item is filled.
 */
export const checkBatchItems = (
  fields: readonly FieldSpec[],
  items: readonly Record<string, unknown>[],
): void => {
  const errors: ItemError[] = [];
  let refused = 0;
  items.forEach((item, index) => {
    const { wrong } = checkFieldValues(fields, item);
    if (wrong.length > 0) refused += 1;
    for (const field of wrong) {
      if (errors.length >= LISTED_ITEM_ERRORS) break;
      errors.push({
        index,
        field: field.label,
        code: 'INVALID_VALUES',
        message: `"${field.label}" expects ${expectedValue(field)}.`,
      });
    }
  });
  if (refused === 0) return;
  const first = errors[0]!;
  throw new AppError(
    'INVALID_ITEMS',
    400,
    `${refused} of ${items.length} items have values of the wrong type; nothing was started. The first: item ${first.index}, ${first.message}`,
    {},
    { items: errors },
  );
};
