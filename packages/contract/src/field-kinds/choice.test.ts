import { describe, expect, it } from 'vitest';
import {
  choiceLabel,
  describeChoiceOptions,
  isChoiceValue,
  optionsRemovedChange,
} from './choice.ts';

const option = (value: string) => ({ value, label: value.toUpperCase() });

describe('the choice kind', () => {
  it('describes the values it accepts, up to twenty', () => {
    expect(describeChoiceOptions([option('r'), option('g')])).toBe('one of "r" or "g"');
    expect(describeChoiceOptions([])).toBe('no value (the field has no options)');
    const many = Array.from({ length: 23 }, (_, i) => option(`v${i}`));
    expect(describeChoiceOptions(many)).toMatch(/"v19" and 3 more$/);
  });

  it('accepts an option value or empty text', () => {
    expect(isChoiceValue([option('r')], 'r')).toBe(true);
    expect(isChoiceValue([option('r')], '')).toBe(true);
    expect(isChoiceValue([option('r')], 'R')).toBe(false);
  });

  it("prints an option's label, or the value as sent", () => {
    expect(choiceLabel([option('r')], 'r')).toBe('R');
    expect(choiceLabel([option('r')], 'x')).toBe('x');
    expect(choiceLabel(undefined, 'x')).toBe('x');
  });

  it('calls options taken away a breaking change', () => {
    const before = { type: 'CHOICE', options: [option('r'), option('g')] };
    const after = { type: 'CHOICE', label: 'Colour', options: [option('r')] };
    expect(optionsRemovedChange(before, after)).toEqual({
      kind: 'optionsRemoved',
      label: 'Colour',
      type: 'CHOICE',
      removedOptions: ['g'],
      breaking: true,
    });
    expect(optionsRemovedChange(after, { ...before, label: 'Colour' })).toBeUndefined();
  });
});
