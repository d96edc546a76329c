import { describe, expect, it } from 'vitest';
import { configureBox } from './commands.ts';
import { createEditorStore } from './editor-store.ts';
import { docWith, testPages } from './test-fixtures.ts';

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
});
