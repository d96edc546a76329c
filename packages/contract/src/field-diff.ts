import type { FieldChange } from './field-change.ts';
import { symbologyChange } from './field-kinds/barcode.ts';
import { optionsRemovedChange } from './field-kinds/choice.ts';

type Rect = { page: number; rectX: number; rectY: number; rectWidth: number; rectHeight: number };

/**
 * A field as both sides store it: the server's stored fields and the API's `TemplateField`
 * (whose type is in upper case) both fit, so the editor shows the very diff publish checks.
 */
export type DiffableField = Rect & {
  id: string;
  label: string;
  type: string;
  boxes?: readonly Rect[] | undefined;
  options?: readonly { value: string }[] | undefined;
  barcode?: { symbology: string } | undefined;
  /** Text with placeholders: printed from other fields, so not in the payload. */
  template?: string | undefined;
  table?: { columns: readonly { label: string }[] } | undefined;
};

const boxesOf = (field: DiffableField) => field.boxes ?? [field];

const samePlace = (a: DiffableField, b: DiffableField) => {
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

const sameSize = (a: DiffableField, b: DiffableField) => {
  const [boxesA, boxesB] = [boxesOf(a), boxesOf(b)];
  return (
    boxesA.length === boxesB.length &&
    boxesA.every(
      (box, i) =>
        box.rectWidth === boxesB[i]!.rectWidth && box.rectHeight === boxesB[i]!.rectHeight,
    )
  );
};

const sameBox = (a: DiffableField, b: DiffableField) => samePlace(a, b) && sameSize(a, b);

/**
 * What changed from one version's fields to the next. A field is the same field when it keeps
 * its id (the editor keeps ids) or, failing that, its label, or (a field deleted and drawn again
 * under another label) its exact box: then a new label is a rename. Removals, renames, type
 * changes, options taken from a choice, a barcode's new symbology, a table's columns removed or
 * renamed and a field that now prints a template (it leaves the payload) are breaking: a payload
 * built for the older version would lose values or be refused (EAN-13 digits are no Code 39). A
 * template field taken away is not: no payload carried it.
 */
export const diffFields = (
  before: readonly DiffableField[],
  after: readonly DiffableField[],
): FieldChange[] => {
  const changes: FieldChange[] = [];
  const unmatched = new Set(before);
  const pairs: [DiffableField, DiffableField][] = [];
  const added: DiffableField[] = [];
  const take = (find: (old: DiffableField) => boolean) => {
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
    const removedOptions = optionsRemovedChange(old, field);
    if (removedOptions) changes.push(removedOptions);
    const newSymbology = symbologyChange(old, field);
    if (newSymbology) changes.push(newSymbology);
    if (old.template === undefined && field.template !== undefined) {
      changes.push({ kind: 'becameTemplate', ...common, breaking: true });
    }
    // A renamed column is its old label gone: rows built for the older version name it.
    const kept = new Set(field.table?.columns.map((column) => column.label));
    const removedColumns = (old.table?.columns ?? [])
      .map((column) => column.label)
      .filter((label) => !kept.has(label));
    if (old.type === field.type && field.table && removedColumns.length > 0) {
      changes.push({ kind: 'columnsRemoved', ...common, removedColumns, breaking: true });
    }
    if (!samePlace(old, field)) changes.push({ kind: 'moved', ...common, breaking: false });
    if (!sameSize(old, field)) changes.push({ kind: 'resized', ...common, breaking: false });
  }
  for (const old of unmatched) {
    const breaking = old.template === undefined;
    changes.push({ kind: 'removed', label: old.label, type: old.type, breaking });
  }
  return changes;
};
