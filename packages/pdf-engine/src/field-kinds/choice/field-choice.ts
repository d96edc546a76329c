/** Choice fields: a dot in the chosen option's own box, or the chosen option's label as text. */
import type { TextStyle } from '../../draw-text.ts';
import { PdfEngineError } from '../../errors.ts';
import type { FillContext } from '../../fill-context.ts';
import { drawRadioDot } from '../../field-marks.ts';
import { drawTextField } from '../../field-text.ts';
import type { MaybePromise } from '../../maybe-async.ts';
import type { FieldFit } from '../../fill-result-types.ts';
import type { FieldSpec } from '../../types.ts';

/** `"a", "b" or "c"`, for messages that list what a field accepts. */
const listValues = (values: readonly string[]): string => {
  const quoted = values.map((value) => JSON.stringify(value));
  return quoted.length > 1
    ? `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)!}`
    : (quoted[0] ?? 'nothing');
};

/**
 * Draws the option whose value is `value`: radio style (the option has a box) puts a dot in
 * that box; list style prints the option's label in the field's box, on one line like text.
 * Throws INVALID_VALUE naming the allowed values when no option has that value.
 */
export const drawChoice = (
  ctx: FillContext,
  field: FieldSpec,
  value: string,
  style: TextStyle,
): MaybePromise<FieldFit> => {
  const options = field.options ?? [];
  const option = options.find((candidate) => candidate.value === value);
  if (!option) {
    throw new PdfEngineError(
      'INVALID_VALUE',
      `The value of "${field.label}" must be ${listValues(options.map((o) => o.value))}.`,
      [field.label],
    );
  }
  if (option.box) return drawRadioDot(ctx, { ...field, ...option.box }, style.color);
  // A label is printed whole: the field's comb and length limits belong to the values it sends.
  const asText: FieldSpec = { ...field, type: 'text', maxLength: undefined, comb: undefined };
  return drawTextField(ctx, asText, option.label, style);
};
