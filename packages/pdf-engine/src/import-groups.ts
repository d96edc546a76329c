/**
 * Which widgets of a form become one template field. A radio group is one choice whose options
 * are its widgets; so is one checkbox field whose widgets have different on-states (a gender
 * question's `männlich`, `weiblich`, …: ticking one unticks the others in a viewer), and so are
 * sibling checkboxes that only differ by their index and each export a different value (how
 * LiveCycle writes an exclusive group, e.g. the W-9's tax classification). Any other field is
 * one field with all its widgets as its boxes, on whatever pages they are (an insurance number
 * in the header of every page): the value prints in each. Push buttons and signatures have no
 * value to fill and are reported, once per field.
 */
import type { FoundWidget } from './acroform-widgets.ts';
import type { FieldType } from './types.ts';

export type ImportGroup =
  | { kind: 'single'; type: FieldType; widgets: [FoundWidget, ...FoundWidget[]] }
  /** `ofOneField`: the widgets are one checkbox field's or radio group's, sharing its tooltip. */
  | { kind: 'options'; widgets: FoundWidget[]; name: string; ofOneField: boolean }
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

/** One checkbox field whose widgets tick different on-states: one choice among them. */
const hasSeveralOnStates = (widgets: readonly FoundWidget[]) =>
  widgets[0]?.kind === 'checkbox' && new Set(widgets.map((w) => w.onValue ?? '')).size > 1;

/** The widgets of each field, in form order (findWidgets lists a field's widgets together). */
const widgetsByField = (widgets: readonly FoundWidget[]) => {
  const byField = new Map<unknown, [FoundWidget, ...FoundWidget[]]>();
  for (const w of widgets) {
    const known = byField.get(w.field);
    if (known) known.push(w);
    else byField.set(w.field, [w]);
  }
  return byField;
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
  const groups: ImportGroup[] = [];
  const placedSets = new Set<FoundWidget[]>();
  for (const fieldWidgets of widgetsByField(widgets).values()) {
    const [w] = fieldWidgets;
    const set = w.kind === 'checkbox' ? checkboxSets.get(siblingKey(w)) : undefined;
    if (set) {
      if (!placedSets.has(set)) {
        groups.push({ kind: 'options', widgets: set, name: siblingKey(w), ofOneField: false });
      }
      placedSets.add(set);
      continue;
    }
    if (w.kind === 'radio' || hasSeveralOnStates(fieldWidgets)) {
      groups.push({ kind: 'options', widgets: fieldWidgets, name: w.name, ofOneField: true });
      continue;
    }
    const type = typeOf(w);
    if (type) groups.push({ kind: 'single', type, widgets: fieldWidgets });
    else groups.push({ kind: 'skipped', widget: w, reason: SKIP_REASONS[w.kind] ?? 'unknown' });
  }
  return groups;
};
