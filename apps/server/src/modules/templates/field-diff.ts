import type { FieldChange } from '@platen/contract';
import type { FieldSpec } from '@platen/pdf-engine';

const boxesOf = (field: FieldSpec) => field.boxes ?? [field];

const samePlace = (a: FieldSpec, b: FieldSpec) => {
  const [boxesA, boxesB] = [boxesOf(a), boxesOf(b)];
  return (
    boxesA.length === boxesB.length &&
    boxesA.every(
      (box, i) =>
        box.page === boxesB[i]!.page &&
        box.rectX === boxesB[i]!.rectX &&
        box.rectY === boxesB[i]!.rectY,
    )
  );
};

const sameSize = (a: FieldSpec, b: FieldSpec) => {
  const [boxesA, boxesB] = [boxesOf(a), boxesOf(b)];
  return (
    boxesA.length === boxesB.length &&
    boxesA.every(
      (box, i) =>
        box.rectWidth === boxesB[i]!.rectWidth && box.rectHeight === boxesB[i]!.rectHeight,
    )
  );
};

const sameBox = (a: FieldSpec, b: FieldSpec) => samePlace(a, b) && sameSize(a, b);

/** Values a choice accepted before and no longer does (a payload sending one is refused). */
const optionsTakenAway = (old: FieldSpec, field: FieldSpec): string[] => {
  if (old.type !== 'choice' || field.type !== 'choice') return [];
  const kept = new Set((field.options ?? []).map((option) => option.value));
  return (old.options ?? []).map((option) => option.value).filter((value) => !kept.has(value));
};

/**
 * What changed from one version's fields to the next. A field is the same field when it keeps
 * its id (the editor keeps ids) or, failing that, its label, or (a field deleted and drawn again
 * under another label) its exact box: then a new label is a rename. Removals, renames, type
 * changes and options taken from a choice are breaking: a payload built for the older version
 * would lose values or be refused.
 */
export const diffFields = (before: readonly FieldSpec[], after: readonly FieldSpec[]) => {
  const changes: FieldChange[] = [];
  const unmatched = new Set(before);
  const pairs: [FieldSpec, FieldSpec][] = [];
  const added: FieldSpec[] = [];
  const take = (find: (old: FieldSpec) => boolean) => {
    const found = [...unmatched].find(find);
    if (found) unmatched.delete(found);
    return found;
  };
  for (const field of after) {
    const old = take((f) => f.id === field.id) ?? take((f) => f.label === field.label);
    if (old) pairs.push([old, field]);
    else added.push(field);
  }
  for (const field of added) {
    const old = take((f) => sameBox(f, field) && !after.some((a) => a.label === f.label));
    if (old) pairs.push([old, field]);
    else changes.push({ kind: 'added', label: field.label, type: field.type, breaking: false });
  }
  for (const [old, field] of pairs) {
    const common = { label: field.label, type: field.type };
    if (old.label !== field.label) {
      changes.push({ kind: 'renamed', ...common, previousLabel: old.label, breaking: true });
    }
    if (old.type !== field.type) {
      changes.push({ kind: 'typeChanged', ...common, previousType: old.type, breaking: true });
    }
    const removedOptions = optionsTakenAway(old, field);
    if (removedOptions.length > 0) {
      changes.push({ kind: 'optionsRemoved', ...common, removedOptions, breaking: true });
    }
    if (!samePlace(old, field)) changes.push({ kind: 'moved', ...common, breaking: false });
    if (!sameSize(old, field)) changes.push({ kind: 'resized', ...common, breaking: false });
  }
  for (const old of unmatched) {
    changes.push({ kind: 'removed', label: old.label, type: old.type, breaking: true });
  }
  return changes;
};
