import { describe, expect, it } from 'vitest';
import { addBox, configureBox, pasteBox, removeBox, setBoxRect, uniqueLabel } from './commands.ts';
import { MIN_BOX_SIZE_PT, MIN_BOX_SIZE_PX, RENDER_SCALE } from '../geometry/page-geometry.ts';
import { emptyDocument } from './editor-state.ts';
import { canRedo, canUndo, commit, preview, redo, startHistory, undo } from './history.ts';
import { findInvalidBoxes } from './save-check.ts';
import { addStamp, initialStampRect, removeStamp, setStampRect } from './stamp-commands.ts';
import { docWith, testPages } from '../../../../test/editor-documents.ts';

describe('editor commands', () => {
  it('adds a box with no type, an empty label and the running count plus the page as id', () => {
    const first = addBox(emptyDocument(), {
      page: 2,
      rect: { x: 1, y: 2, width: 30, height: 40 },
      pages: testPages,
    });
    const second = addBox(first.doc, {
      page: 1,
      rect: { x: 1, y: 2, width: 30, height: 40 },
      pages: testPages,
    });
    expect(first.id).toBe('1-2');
    expect(second.id).toBe('2-1');
    expect(second.doc.boxes[first.id]).toMatchObject({
      type: '',
      label: '',
      page: 2,
      fontSize: 14,
    });
    expect(second.doc.order).toEqual(['1-2', '2-1']);
  });

  it('keeps moved and resized boxes on their page, rounded to 1/100 pt', () => {
    const { doc, ids } = docWith([{}]);
    const id = ids[0]!;
    const moved = setBoxRect(doc, {
      id,
      rect: { x: 590.123, y: -3, width: 20, height: 10 },
      pages: testPages,
    });
    expect(moved.boxes[id]?.rect).toEqual({ x: 575.28, y: 0, width: 20, height: 10 });
  });

  it('never makes a box smaller than the minimum box size (10 screen units at 100 %)', () => {
    const { doc, ids } = docWith([{}]);
    const id = ids[0]!;
    const tiny = setBoxRect(doc, {
      id,
      rect: { x: 50, y: 100, width: 1, height: 0 },
      pages: testPages,
    });
    expect(MIN_BOX_SIZE_PT).toBeCloseTo(MIN_BOX_SIZE_PX / RENDER_SCALE, 2);
    expect(tiny.boxes[id]?.rect).toEqual({
      x: 50,
      y: 100,
      width: MIN_BOX_SIZE_PT,
      height: MIN_BOX_SIZE_PT,
    });
    const drawn = addBox(emptyDocument(), {
      page: 1,
      rect: { x: 590, y: 10, width: 2, height: 3 },
      pages: testPages,
    });
    expect(drawn.doc.boxes[drawn.id]?.rect).toEqual({
      x: 595.28 - MIN_BOX_SIZE_PT,
      y: 10,
      width: MIN_BOX_SIZE_PT,
      height: MIN_BOX_SIZE_PT,
    });
  });

  it('configures a box and returns the same document for a no-op', () => {
    const { doc, ids } = docWith([{}]);
    const id = ids[0]!;
    const next = configureBox(doc, {
      id,
      settings: { type: 'email', label: 'Mail', fontColor: '#ff0000' },
    });
    expect(next.boxes[id]).toMatchObject({ type: 'email', label: 'Mail', fontColor: '#ff0000' });
    expect(configureBox(next, { id, settings: { label: 'Mail' } })).toBe(next);
  });

  it('restyles the whole linked-text chain when a later box of it changes style', () => {
    const { doc, ids } = docWith([
      { set: { type: 'linked_text', label: 'Story' } },
      { set: { type: 'linked_text', label: 'Story', order: 2 } },
      { set: { type: 'linked_text', label: 'Other' } },
      { set: { type: 'text', label: 'Story' } },
    ]);
    const style = {
      fontSize: 20,
      fontFamily: 'courier',
      textAlign: 'right',
      fontColor: '#336699',
    } as const;
    let next = doc;
    for (const [key, value] of Object.entries(style)) {
      next = configureBox(next, { id: ids[1]!, settings: { [key]: value } });
    }
    expect(next.boxes[ids[0]!]).toMatchObject({ ...style, order: 1 });
    expect(next.boxes[ids[1]!]).toMatchObject({ ...style, order: 2 });
    expect(next.boxes[ids[2]!]).toMatchObject({ fontSize: 14, fontFamily: 'helvetica' });
    expect(next.boxes[ids[3]!]).toMatchObject({ fontSize: 14, fontColor: '#000000' });
  });

  it('renames a field in the texts with placeholders that name it, keystroke by keystroke', () => {
    const { doc, ids } = docWith([
      { set: { type: 'text', label: 'Name' } },
      { set: { type: 'long_text', label: 'Letter', template: 'Dear {Name}, {Names} {Other}' } },
      { set: { type: 'linked_text', label: 'Story' } },
      { set: { type: 'linked_text', label: 'Story', order: 2 } },
      { set: { type: 'text', label: 'Title', template: 'About {Story}' } },
    ]);
    let next = doc;
    for (const label of ['Nam', 'Na', 'Given', 'Given name']) {
      next = configureBox(next, { id: ids[0]!, settings: { label } });
    }
    expect(next.boxes[ids[1]!]?.template).toBe('Dear {Given name}, {Names} {Other}');
    // Leaving a chain whose other box keeps the label renames nothing.
    next = configureBox(next, { id: ids[3]!, settings: { label: 'Story 2' } });
    expect(next.boxes[ids[4]!]?.template).toBe('About {Story}');
    // A label cleared first leaves its placeholder as it was, named on save as no field's.
    next = configureBox(next, { id: ids[0]!, settings: { label: '' } });
    next = configureBox(next, { id: ids[0]!, settings: { label: 'Who' } });
    expect(next.boxes[ids[1]!]?.template).toBe('Dear {Given name}, {Names} {Other}');
  });

  it('gives a box that joins a linked-text chain the style of the chain', () => {
    const { doc, ids } = docWith([
      { set: { type: 'linked_text', label: 'Story', fontSize: 18, textAlign: 'center' } },
      { set: { type: 'text', label: 'Loose', fontSize: 11 } },
    ]);
    const joined = configureBox(doc, {
      id: ids[1]!,
      settings: { type: 'linked_text', label: 'Story' },
    });
    expect(joined.boxes[ids[1]!]).toMatchObject({ fontSize: 18, textAlign: 'center' });
    expect(joined.boxes[ids[0]!]).toMatchObject({ fontSize: 18, textAlign: 'center' });
  });

  it('removes a box from the boxes and the order', () => {
    const { doc, ids } = docWith([{}, {}]);
    const next = removeBox(doc, ids[0]!);
    expect(next.order).toEqual([ids[1]]);
    expect(next.boxes[ids[0]!]).toBeUndefined();
  });

  it('pastes a copy 10 pt off with a unique label, or into the same chain for linked text', () => {
    const { doc, ids } = docWith([
      { set: { type: 'text', label: 'Name' } },
      { set: { type: 'linked_text', label: 'Story' } },
    ]);
    const text = pasteBox(doc, { source: doc.boxes[ids[0]!]!, pages: testPages });
    expect(text.doc.boxes[text.id]).toMatchObject({
      label: 'Name copy',
      type: 'text',
      rect: { x: 60, y: 110 },
    });
    const linked = pasteBox(doc, { source: doc.boxes[ids[1]!]!, pages: testPages });
    expect(linked.doc.boxes[linked.id]).toMatchObject({ label: 'Story', order: 2 });
    expect(uniqueLabel(text.doc, 'Name')).toBe('Name copy 2');
  });

  it('pastes a choice with its options', () => {
    const options = [{ value: 's', label: 'Small' }];
    const { doc, ids } = docWith([{ set: { type: 'choice', label: 'Size', options } }]);
    const copy = pasteBox(doc, { source: doc.boxes[ids[0]!]!, pages: testPages });
    expect(copy.doc.boxes[copy.id]).toMatchObject({ label: 'Size copy', options });
  });

  it('places a stamp within 75 % of the page, centred, and moves and removes it', () => {
    const rect = initialStampRect({ width: 2000, height: 1000 }, { width: 600, height: 800 });
    expect(rect).toEqual({ x: 75, y: 287.5, width: 450, height: 225 });
    expect(initialStampRect({ width: 100, height: 50 }, { width: 600, height: 800 }).width).toBe(
      100,
    );
    const added = addStamp(emptyDocument(), { page: 1, rect, image: 'data:image/png;base64,AA' });
    const moved = setStampRect(added.doc, {
      id: added.id,
      rect: { ...rect, x: 500 },
      pages: testPages,
    });
    expect(moved.stamps[added.id]?.rect.x).toBeCloseTo(595.28 - 450);
    expect(removeStamp(moved, added.id).stamps).toEqual({});
  });
});

describe('undo and redo', () => {
  it('steps back and forth through documents and forgets the future on a new change', () => {
    const { doc: a } = docWith([]);
    const { doc: b } = docWith([{}]);
    const { doc: c } = docWith([{}, {}]);
    let history = commit(commit(startHistory(a), b), c);
    history = undo(history);
    expect(history.present).toBe(b);
    history = undo(history);
    expect(history.present).toBe(a);
    expect(canUndo(history)).toBe(false);
    history = redo(history);
    expect(history.present).toBe(b);
    history = commit(history, c);
    expect(canRedo(history)).toBe(false);
  });

  it('records a drag as one step from the document before it', () => {
    const { doc: before } = docWith([{}]);
    const { doc: during } = docWith([{ x: 60 }]);
    const { doc: after } = docWith([{ x: 70 }]);
    let history = preview(startHistory(before), during);
    history = commit(history, after, before);
    expect(history.past).toEqual([before]);
    expect(undo(history).present).toBe(before);
  });
});

describe('the save check (product.md#validation)', () => {
  it('refuses boxes without type or label and duplicate labels, except linked text', () => {
    const { doc, ids } = docWith([
      { set: { type: 'text', label: '' } },
      { set: { type: '', label: 'No type' } },
      { set: { type: 'text', label: 'Twice' } },
      { set: { type: 'date', label: 'Twice' } },
      { set: { type: 'linked_text', label: 'Chain' } },
      { set: { type: 'linked_text', label: 'Chain' } },
      { set: { type: 'number', label: 'Fine' } },
    ]);
    expect([...findInvalidBoxes(doc)].sort()).toEqual(ids.slice(0, 4).sort());
  });

  it('refuses a choice without options, with a blank value or a value twice', () => {
    const option = (value: string) => ({ value, label: '' });
    const { doc, ids } = docWith([
      { set: { type: 'choice', label: 'None', options: [] } },
      { set: { type: 'choice', label: 'Blank', options: [option(' ')] } },
      { set: { type: 'choice', label: 'Twice', options: [option('a'), option('a')] } },
      { set: { type: 'choice', label: 'Fine', options: [option('a'), option('b')] } },
    ]);
    expect([...findInvalidBoxes(doc)].sort()).toEqual(ids.slice(0, 3).sort());
  });
});
