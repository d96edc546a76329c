import type { ChoiceOption } from '@platen/contract';
import type { FieldBox } from './editor-state.ts';

/**
 * A radio-style choice's options with their boxes where the field now is. The field's own box
 * is its first option's box (that is how an import makes it); moving or resizing the field in
 * the editor moves the other option boxes on its page by the same offset, so the group keeps
 * its shape. List-style options (no box) come back as they are.
 *
 * @example
 * optionsAtField({ ...box, rect: { x: 110, y: 50, width: 9, height: 9 } }) // every box 10 pt right
 */
export const optionsAtField = (box: FieldBox): ChoiceOption[] => {
  const options = box.options ?? [];
  const anchor = options[0]?.box;
  if (!anchor) return [...options];
  const dx = box.rect.x - anchor.rectX;
  const dy = box.rect.y - anchor.rectY;
  return options.map((option, index) => {
    if (!option.box) return option;
    if (index === 0) {
      const { x, y, width, height } = box.rect;
      return {
        ...option,
        box: { page: box.page, rectX: x, rectY: y, rectWidth: width, rectHeight: height },
      };
    }
    if (option.box.page !== anchor.page) return option;
    return {
      ...option,
      box: { ...option.box, rectX: option.box.rectX + dx, rectY: option.box.rectY + dy },
    };
  });
};
