/**
 * A field that prints its whole value in each of its boxes (FieldSpec.boxes on any type but
 * linked text): a form's insurance number in the header of every page is one field with a box per
 * page. Each box is drawn as if it were the field alone, in the box's own size, alignment and
 * turn, so a comb gets its cells from its own width; the fit reported is the worst of them.
 */
import { withMissing } from './field-text.ts';
import type { MaybePromise } from './maybe-async.ts';
import { SEVERITY } from './text-layout.ts';
import type { FieldFit } from './fill-result-types.ts';
import type { FieldSpec, FieldType } from './types.ts';

/**
 * The types whose value can be printed again in another box: text of any kind, a tick, and a
 * list-style choice (its label); a radio-style choice marks its options' own boxes instead.
 */
const REPEATABLE_TYPES: ReadonlySet<FieldType> = new Set([
  'text',
  'long_text',
  'date',
  'number',
  'email',
  'checkbox',
  'choice',
]);

/** Whether the field prints its whole value in each of its `boxes` (not linked text's flow). */
export const repeatsInBoxes = (field: Pick<FieldSpec, 'type' | 'boxes' | 'options'>): boolean =>
  (field.boxes?.length ?? 0) > 1 &&
  REPEATABLE_TYPES.has(field.type) &&
  !field.options?.some((option) => option.box);

/** The field as drawn in each of its boxes; a field with one box (or linked text) is itself. */
export const copiesOf = (field: FieldSpec): FieldSpec[] => {
  if (!field.boxes || !repeatsInBoxes(field)) return [field];
  return field.boxes.map((box) => {
    const copy: FieldSpec = {
      ...field,
      page: box.page,
      rectX: box.rectX,
      rectY: box.rectY,
      rectWidth: box.rectWidth,
      rectHeight: box.rectHeight,
      fontSize: box.fontSize ?? field.fontSize,
      textAlign: box.textAlign ?? field.textAlign,
    };
    delete copy.boxes;
    const turn = box.rotation ?? field.rotation;
    if (turn) copy.rotation = turn;
    else delete copy.rotation;
    return copy;
  });
};

/** The fit of all copies: the worst result, the smallest size, every missing character once. */
const worstFit = (fits: readonly FieldFit[]): FieldFit => {
  const [first, ...rest] = fits as [FieldFit, ...FieldFit[]];
  return rest.reduce((worst, fit) => {
    const merged: FieldFit = {
      result: SEVERITY[fit.result] > SEVERITY[worst.result] ? fit.result : worst.result,
      fontSize: Math.min(worst.fontSize, fit.fontSize),
    };
    return withMissing(merged, [...(worst.missingGlyphs ?? []), ...(fit.missingGlyphs ?? [])]);
  }, first);
};

/** Draws every copy in turn (one at a time: copies share the pages' canvases). */
export const drawCopies = (
  copies: readonly FieldSpec[],
  draw: (copy: FieldSpec) => MaybePromise<FieldFit>,
): MaybePromise<FieldFit> => {
  const fits: FieldFit[] = [];
  for (const [i, copy] of copies.entries()) {
    const fit = draw(copy);
    if (fit instanceof Promise) {
      return fit.then(async (ready) => {
        fits.push(ready);
        for (const later of copies.slice(i + 1)) fits.push(await draw(later));
        return worstFit(fits);
      });
    }
    fits.push(fit);
  }
  return worstFit(fits);
};
