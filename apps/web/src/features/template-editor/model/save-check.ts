import type { BoxId, EditorDocument, FieldBox } from './editor-state.ts';

/** A choice needs at least one option, each with a value no other option has. */
export const hasUsableOptions = (box: FieldBox): boolean => {
  if (box.type !== 'choice') return true;
  const values = (box.options ?? []).map((option) => option.value.trim());
  return (
    values.length > 0 && values.every((v) => v !== '') && new Set(values).size === values.length
  );
};

/**
 * product.md#validation's check before a save: every box needs a type and a label, and labels are unique
 * except among linked-text boxes, and among the boxes of one field that prints its value in each
 * (they form one field, of one type); a choice needs options with distinct values. Returns the
 * boxes that fail.
 */
export const findInvalidBoxes = (doc: EditorDocument): Set<BoxId> => {
  const invalid = new Set<BoxId>();
  const boxes = doc.order.map((id) => doc.boxes[id]).filter((box) => box !== undefined);
  const byLabel = new Map<string, typeof boxes>();
  for (const box of boxes) {
    const label = box.label.trim();
    if (!box.type || !label || !hasUsableOptions(box)) invalid.add(box.id);
    byLabel.set(label, [...(byLabel.get(label) ?? []), box]);
  }
  for (const [label, group] of byLabel) {
    if (!label || group.length < 2) continue;
    if (group.every((box) => box.type === 'linked_text')) continue;
    const [first] = group;
    if (group.every((box) => box.repeatsValue && box.type === first?.type)) continue;
    for (const box of group) invalid.add(box.id);
  }
  return invalid;
};
