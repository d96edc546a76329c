import { describe, expect, it } from 'vitest';
import { optionsAtField } from './choice-boxes.ts';
import { DEFAULT_STYLE, type BoxId, type FieldBox } from './editor-state.ts';

const at = (page: number, rectX: number, rectY: number) => ({
  page,
  rectX,
  rectY,
  rectWidth: 9,
  rectHeight: 9,
});

const radio = (rect: FieldBox['rect']): FieldBox => ({
  ...DEFAULT_STYLE,
  id: 'f1' as BoxId,
  page: 1,
  rect,
  type: 'choice',
  label: 'Size',
  order: 1,
  options: [
    { value: 's', label: 'S', box: at(1, 100, 50) },
    { value: 'm', label: 'M', box: at(1, 100, 70) },
    { value: 'l', label: 'L', box: at(2, 100, 90) },
  ],
});

describe('optionsAtField', () => {
  it('leaves the option boxes where they are while the field is where it was imported', () => {
    const box = radio({ x: 100, y: 50, width: 9, height: 9 });
    expect(optionsAtField(box)).toEqual(box.options);
  });

  it('moves the option boxes on its page with the field, the first one becoming its box', () => {
    const moved = optionsAtField(radio({ x: 110, y: 30, width: 12, height: 12 }));
    expect(moved.map((o) => o.box)).toEqual([
      { page: 1, rectX: 110, rectY: 30, rectWidth: 12, rectHeight: 12 },
      at(1, 110, 50),
      at(2, 100, 90), // on another page: not moved
    ]);
  });

  it('keeps list-style options as they are', () => {
    const list = {
      ...radio({ x: 1, y: 2, width: 3, height: 4 }),
      options: [{ value: 'a', label: 'A' }],
    };
    expect(optionsAtField(list)).toEqual([{ value: 'a', label: 'A' }]);
  });
});
