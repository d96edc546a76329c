import { describe, expect, it } from 'vitest';
import { defaultNote } from './default-note.ts';

describe('the note of a field’s default', () => {
  it('names the text, the option’s label or the ticked state a field prints when left out', () => {
    expect(defaultNote({ type: 'TEXT', default: 'AP' })).toBe(
      'Default: AP. Printed when a request leaves this field out.',
    );
    const options = [{ value: 'FS1', label: 'Single' }];
    expect(defaultNote({ type: 'CHOICE', default: 'FS1', options })).toBe(
      'Default: Single. Printed when a request leaves this field out.',
    );
    expect(defaultNote({ type: 'CHECKBOX', default: true })).toMatch(/^Default: ticked\./);
    expect(defaultNote({ type: 'CHECKBOX', default: false })).toMatch(/^Default: not ticked\./);
  });

  it('says nothing of a field without a default, with an empty one, or fixed', () => {
    expect(defaultNote({ type: 'TEXT' })).toBeUndefined();
    expect(defaultNote({ type: 'TEXT', default: '' })).toBeUndefined();
    expect(defaultNote({ type: 'TEXT', default: '950.00', fixed: true })).toBeUndefined();
  });
});
