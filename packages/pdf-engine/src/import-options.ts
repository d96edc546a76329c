/**
 * The options of an imported choice: a radio group's or checkbox group's widgets (each option
 * keeps its widget's box, so output marks the right one), or a list's entries. An option's value
 * is what the form itself records (its export value or on-state name); its label is for people.
 */
import type { FoundWidget } from './acroform-widgets.ts';
import { readableName } from './import-labels.ts';
import type { ChoiceOption } from './types.ts';

/** What a choice field may hold (the contract's limits): longer texts are cut, repeats dropped. */
const MAX_OPTION_TEXT = 200;
const MAX_OPTIONS = 1000;

/**
 * An on-state name as a person reads it: underscores as spaces, runs of space as one. A name that
 * is not words stays recognisable as it is, since nothing better is known about it.
 *
 * @example
 * onStateLabel('ohne_Eintrag') // 'ohne Eintrag'
 */
const onStateLabel = (onState: string): string => {
  const cleaned = onState.replace(/_+/g, ' ').replace(/\s+/g, ' ').trim();
  return cleaned || onState;
};

/** The value of the option the `index`th widget of a group stands for. */
export const optionValue = (w: FoundWidget, index: number): string =>
  w.exportValue?.trim().slice(0, MAX_OPTION_TEXT) || `Option ${index + 1}`;

/**
 * One option per widget, with its box; a value repeated by a second widget keeps the first.
 * Sibling checkboxes are fields of their own, so each one's short tooltip names its option; the
 * widgets of one field share its tooltip, so their on-states name them.
 */
export const widgetOptions = (widgets: FoundWidget[], ofOneField: boolean): ChoiceOption[] => {
  const options = new Map<string, ChoiceOption>();
  widgets.forEach((w, i) => {
    const value = optionValue(w, i);
    if (options.has(value)) return;
    const tip = !ofOneField && w.kind === 'checkbox' ? readableName('', w.tooltip) : '';
    const named = ofOneField ? onStateLabel(value).slice(0, MAX_OPTION_TEXT) : value;
    const { page, rectX, rectY, rectWidth, rectHeight } = w;
    const box = { page, rectX, rectY, rectWidth, rectHeight };
    options.set(value, { value, label: tip && tip !== 'Field' ? tip : named, box });
  });
  return [...options.values()];
};

/**
 * A list's options as a template can keep them: trimmed, none blank (forms often start a list
 * with a blank placeholder, which is what no value already means), each value once.
 */
export const listOptions = (choices: { value: string; label: string }[]): ChoiceOption[] => {
  const options = new Map<string, ChoiceOption>();
  for (const choice of choices) {
    const value = choice.value.trim().slice(0, MAX_OPTION_TEXT);
    const label = choice.label.trim().slice(0, MAX_OPTION_TEXT) || value;
    if (value && !options.has(value)) options.set(value, { value, label });
  }
  return [...options.values()].slice(0, MAX_OPTIONS);
};
