import { describe, expect, it } from 'vitest';
import { addStamp } from './stamp-commands.ts';
import { configureBox } from './commands.ts';
import { createEditorStore } from './editor-store.ts';
import { docWith, testPages } from '../../../../test/editor-documents.ts';

const storeWith = (...args: Parameters<typeof docWith>) => {
  const { doc, ids } = docWith(...args);
  return { store: createEditorStore(doc, testPages), ids };
};

describe('the editor store', () => {
  it('knows when there is unsaved work: after a change, not after undoing it or a reset', () => {
    const { store, ids } = storeWith([{ set: { type: 'text', label: 'Name' } }]);
    expect(store.isDirty()).toBe(false);
    store.apply((doc) => configureBox(doc, { id: ids[0]!, settings: { label: 'Other' } }));
    expect(store.isDirty()).toBe(true);
    store.undo();
    expect(store.isDirty()).toBe(false);
    store.redo();
    const saved = store.getState().history.present;
    store.reset(saved);
    expect(store.isDirty()).toBe(false);
  });

  it('nudges the selected box by points, on its page, as one undo step each', () => {
    const { store, ids } = storeWith([{ x: 0, y: 5 }]);
    const id = ids[0]!;
    const rect = () => store.getState().history.present.boxes[id]?.rect;
    store.nudge(1, 0);
    expect(rect()).toMatchObject({ x: 0, y: 5 }); // nothing selected
    store.select(id);
    store.nudge(10, 1);
    store.nudge(-1, -10);
    expect(rect()).toMatchObject({ x: 9, y: 0 });
    store.undo();
    expect(rect()).toMatchObject({ x: 10, y: 6 });
  });

  it('nudges a selected stamp too', () => {
    const { doc } = docWith([]);
    const added = addStamp(doc, {
      page: 1,
      rect: { x: 20, y: 20, width: 50, height: 50 },
      image: 'data:image/png;base64,AA',
    });
    const store = createEditorStore(added.doc, testPages);
    store.select(added.id);
    store.nudge(0, 10);
    expect(store.getState().history.present.stamps[added.id]?.rect).toMatchObject({ x: 20, y: 30 });
  });

  it('pastes the copied box 10 pt off with its own label, selects the copy, and pastes again further', () => {
    const { store, ids } = storeWith([{ x: 50, y: 100, set: { type: 'text', label: 'Name' } }]);
    store.paste();
    expect(store.getState().history.present.order).toHaveLength(1); // nothing copied yet
    store.select(ids[0]!);
    store.copy();
    store.paste();
    store.paste();
    const { history, selectedId } = store.getState();
    const boxes = history.present.order.map((id) => history.present.boxes[id]!);
    expect(boxes.map((box) => [box.label, box.rect.x, box.rect.y])).toEqual([
      ['Name', 50, 100],
      ['Name copy', 60, 110],
      ['Name copy 2', 70, 120],
    ]);
    expect(selectedId).toBe(boxes[2]?.id);
    store.undo();
    expect(store.getState().history.present.order).toHaveLength(2);
  });

  it('removes a box or a stamp, drops the selection, and brings it back on undo', () => {
    const { store, ids } = storeWith([{}, {}]);
    store.select(ids[0]!);
    store.remove(ids[0]!);
    expect(store.getState().history.present.order).toEqual([ids[1]]);
    expect(store.getState().selectedId).toBeNull();
    store.undo();
    expect(store.getState().history.present.order).toEqual(ids);
    store.redo();
    expect(store.getState().history.present.order).toEqual([ids[1]]);
    store.remove(ids[0]!); // already gone: no new undo step
    store.undo();
    expect(store.getState().history.present.order).toEqual(ids);
  });

  it('undoes and redoes through changes, and a new change forgets the redo', () => {
    const { store, ids } = storeWith([{ set: { type: 'text', label: 'A' } }]);
    const id = ids[0]!;
    const label = () => store.getState().history.present.boxes[id]?.label;
    for (const next of ['B', 'C']) {
      store.apply((doc) => configureBox(doc, { id, settings: { label: next } }));
    }
    store.undo();
    store.undo();
    expect(label()).toBe('A');
    store.undo();
    expect(label()).toBe('A');
    store.redo();
    expect(label()).toBe('B');
    store.apply((doc) => configureBox(doc, { id, settings: { label: 'D' } }));
    store.redo();
    expect(label()).toBe('D');
  });

  it('marks failing boxes red on a check and clears each one once it is valid', () => {
    const { store, ids } = storeWith([
      { set: { type: 'text', label: '' } },
      { set: { type: '', label: 'No type' } },
      { set: { type: 'text', label: 'Fine' } },
    ]);
    expect(store.check()).toBe(false);
    expect([...store.getState().invalidIds].sort()).toEqual([ids[0], ids[1]].sort());
    // Fixing a box clears its red at once, before the next check.
    store.apply((doc) => configureBox(doc, { id: ids[0]!, settings: { label: 'Named' } }));
    expect([...store.getState().invalidIds]).toEqual([ids[1]]);
    store.apply((doc) => configureBox(doc, { id: ids[1]!, settings: { type: 'date' } }));
    expect(store.getState().invalidIds.size).toBe(0);
    expect(store.check()).toBe(true);
    // A box that turns invalid again is only marked by the next check.
    store.apply((doc) => configureBox(doc, { id: ids[2]!, settings: { label: '' } }));
    expect(store.getState().invalidIds.size).toBe(0);
    expect(store.check()).toBe(false);
    expect([...store.getState().invalidIds]).toEqual([ids[2]]);
  });
});
