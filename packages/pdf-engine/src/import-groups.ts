/**
 * Which widgets of a form become one template field. A radio group is one choice whose options
 * are its widgets; so are sibling checkboxes that only differ by their index and each export a
 * different value (how LiveCycle writes an exclusive group, e.g. the W-9's tax classification).
 * A list or combo box is one choice with its options. Text and other checkboxes are one field
 * per widget. Push buttons and signatures have no value to fill and are reported.
 */
import type { FoundWidget } from './acroform-widgets.ts';
import type { FieldType } from './types.ts';

export type ImportGroup =
  | { kind: 'single'; type: FieldType; widget: FoundWidget }
  | { kind: 'options'; widgets: FoundWidget[]; name: string }
  | { kind: 'skipped'; widget: FoundWidget; reason: string };

const SKIP_REASONS: Partial<Record<FoundWidget['kind'], string>> = {
  button: 'a push button has no value to fill',
  signature: 'a signature field is signed, not filled',
};

/** Export values that mean "ticked", not one option among several. */
const PLAIN_TICK = /^(?:yes|on|true|1)$/i;

const typeOf = (w: FoundWidget): FieldType | undefined => {
  if (w.kind === 'text') return w.multiline ? 'long_text' : 'text';
  if (w.kind === 'checkbox') return 'checkbox';
  if (w.kind === 'choice') return 'choice';
  return undefined;
};

/** The name shared by sibling checkboxes `c1_1[0]`, `c1_1[1]`, …: the full name less its index. */
const siblingKey = (w: FoundWidget) => w.name.replace(/\[\d+\]$/, '');

const isExclusiveSet = (members: FoundWidget[]): boolean => {
  if (members.length < 2 || new Set(members.map((m) => m.field)).size !== members.length) {
    return false;
  }
  const values = members.map((m) => m.exportValue ?? '');
  return (
    values.every((v) => v !== '') &&
    new Set(values).size === values.length &&
    !values.every((v) => PLAIN_TICK.test(v))
  );
};

const exclusiveCheckboxSets = (widgets: FoundWidget[]): Map<string, FoundWidget[]> => {
  const byKey = new Map<string, FoundWidget[]>();
  for (const w of widgets) {
    if (w.kind !== 'checkbox' || !/\[\d+\]$/.test(w.name)) continue;
    byKey.set(siblingKey(w), [...(byKey.get(siblingKey(w)) ?? []), w]);
  }
  for (const [key, members] of byKey) if (!isExclusiveSet(members)) byKey.delete(key);
  return byKey;
};

/**
 * The widgets in form order, gathered into what becomes one field each (a group sits where
 * its first widget was) and what is reported as not imported.
 *
 * @example
 * const groups = groupWidgets(findWidgets(t)); // [{ kind: 'options', name: 'r1', widgets: [3] }, …]
 */
export const groupWidgets = (widgets: FoundWidget[]): ImportGroup[] => {
  const checkboxSets = exclusiveCheckboxSets(widgets);
  const radioGroups = new Map<unknown, FoundWidget[]>();
  for (const w of widgets) {
    if (w.kind === 'radio') radioGroups.set(w.field, [...(radioGroups.get(w.field) ?? []), w]);
  }
  const groups: ImportGroup[] = [];
  const placed = new Set<FoundWidget[]>();
  for (const w of widgets) {
    const set = w.kind === 'radio' ? radioGroups.get(w.field) : checkboxSets.get(siblingKey(w));
    if (set && (w.kind === 'radio' || w.kind === 'checkbox')) {
      if (!placed.has(set)) groups.push({ kind: 'options', widgets: set, name: groupName(w) });
      placed.add(set);
      continue;
    }
    const type = typeOf(w);
    if (type) groups.push({ kind: 'single', type, widget: w });
    else groups.push({ kind: 'skipped', widget: w, reason: SKIP_REASONS[w.kind] ?? 'unknown' });
  }
  return groups;
};

const groupName = (w: FoundWidget) => (w.kind === 'radio' ? w.name : siblingKey(w));
