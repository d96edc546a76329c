import { describe, expect, it } from 'vitest';
import { bringOntoPages, findOutOfBounds } from './out-of-bounds.ts';
import { docWith } from '../../../../test/editor-documents.ts';

const onePage = [{ width: 300, height: 400 }];

describe('fields off the pages', () => {
  it('finds boxes on a page that is gone or reaching past the page edge', () => {
    const { doc } = docWith([
      { set: { label: 'Inside' } },
      { page: 2, set: { label: 'Gone' } },
      { x: 250, set: { label: 'Past the edge' } },
    ]);
    expect(findOutOfBounds(doc, onePage).map((box) => box.label)).toEqual([
      'Gone',
      'Past the edge',
    ]);
  });

  it('brings them onto the pages, leaving the others as they are', () => {
    const { doc, ids } = docWith([{ set: { label: 'Inside' } }, { page: 2, x: 250, set: {} }]);
    const moved = bringOntoPages(doc, onePage);
    expect(findOutOfBounds(moved, onePage)).toEqual([]);
    expect(moved.boxes[ids[1]!]).toMatchObject({ page: 1, rect: { x: 100, width: 200 } });
    expect(moved.boxes[ids[0]!]).toBe(doc.boxes[ids[0]!]);
    expect(bringOntoPages(moved, onePage)).toBe(moved);
  });
});
