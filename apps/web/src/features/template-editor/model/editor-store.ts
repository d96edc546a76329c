import {
  idle,
  transition,
  type Interaction,
  type MachineContext,
  type MachineEvent,
} from '../interaction/pointer-machine.ts';
import type { Guide } from '../interaction/snapping.ts';
import { itemOf, withItemRect } from '../interaction/items.ts';
import { addCopyBox, pasteBox, removeBox } from './commands.ts';
import type { BoxId, EditorDocument, FieldBox, TemplatePages } from './editor-state.ts';
import { commit, preview, redo, startHistory, undo, type History } from './history.ts';
import { findInvalidBoxes } from './save-check.ts';
import { removeStamp } from './stamp-commands.ts';

export type EditorState = {
  history: History;
  selectedId: BoxId | null;
  /** Boxes the last save check refused (drawn red until they become valid). */
  invalidIds: ReadonlySet<BoxId>;
  interaction: Interaction;
  guides: readonly Guide[];
  clipboard?: FieldBox;
};

type Listener = () => void;

/**
 * One store per open editor (conventions.md#the-editor), created by the route's page: the document with its
 * undo stack, the selection and the gesture in progress. Components read it through selectors,
 * so dragging one box re-renders that box only.
 */
export const createEditorStore = (initial: EditorDocument, pages: TemplatePages) => {
  let state: EditorState = {
    history: startHistory(initial),
    selectedId: null,
    invalidIds: new Set(),
    interaction: idle,
    guides: [],
  };
  const listeners = new Set<Listener>();
  // The document as last loaded or saved: undoing back to it leaves nothing unsaved.
  let saved = initial;

  const set = (patch: Partial<EditorState>) => {
    const next = { ...state, ...patch };
    // Once a check has failed, boxes that become valid lose their red at once.
    if (next.history.present !== state.history.present && next.invalidIds.size > 0) {
      const stillInvalid = findInvalidBoxes(next.history.present);
      next.invalidIds = new Set([...next.invalidIds].filter((id) => stillInvalid.has(id)));
    }
    state = next;
    for (const listener of listeners) listener();
  };

  const doc = () => state.history.present;

  /** Applies a command as one undo step, dropping a selection that no longer exists. */
  const apply = (command: (current: EditorDocument) => EditorDocument) => {
    const next = command(doc());
    if (next === doc()) return;
    const selectedId =
      state.selectedId && (next.boxes[state.selectedId] ?? next.stamps[state.selectedId])
        ? state.selectedId
        : null;
    set({ history: commit(state.history, next), selectedId });
  };

  const pointer = (event: MachineEvent, ctx: Omit<MachineContext, 'doc' | 'pages'>) => {
    const step = transition(state.interaction, event, { ...ctx, doc: doc(), pages });
    const history = step.commitFrom
      ? commit(state.history, step.doc, step.commitFrom)
      : step.doc === doc()
        ? state.history
        : preview(state.history, step.doc);
    set({
      history,
      interaction: step.interaction,
      guides: step.guides,
      ...(step.select !== undefined && { selectedId: step.select }),
    });
  };

  const stepHistory = (move: (h: History) => History) => {
    if (state.interaction.kind !== 'idle') return;
    const history = move(state.history);
    const present = history.present;
    const selectedId =
      state.selectedId && (present.boxes[state.selectedId] ?? present.stamps[state.selectedId])
        ? state.selectedId
        : null;
    set({ history, selectedId });
  };

  return {
    getState: () => state,
    subscribe: (listener: Listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    pages,
    apply,
    pointer,
    select: (id: BoxId | null) => set({ selectedId: id }),
    undo: () => stepHistory(undo),
    redo: () => stepHistory(redo),
    /** Whether the document differs from the one last loaded or saved. */
    isDirty: () => doc() !== saved,
    /** Starts again from a document (after a save or discard): no undo beyond this point. */
    reset: (next: EditorDocument) => {
      saved = next;
      set({
        history: startHistory(next),
        selectedId: null,
        invalidIds: new Set(),
        interaction: idle,
        guides: [],
      });
    },
    /** product.md#validation's check; marks the failing boxes red. */
    check: (): boolean => {
      const invalidIds = findInvalidBoxes(doc());
      set({ invalidIds });
      return invalidIds.size === 0;
    },
    nudge: (dx: number, dy: number) => {
      const id = state.selectedId;
      const item = id ? itemOf(doc(), id) : undefined;
      if (!id || !item) return;
      const rect = { ...item.rect, x: item.rect.x + dx, y: item.rect.y + dy };
      apply((d) => withItemRect(d, id, rect, pages));
    },
    copy: () => {
      const box = state.selectedId ? doc().boxes[state.selectedId] : undefined;
      if (box) set({ clipboard: box });
    },
    paste: () => {
      const source = state.clipboard;
      if (!source) return;
      const pasted = pasteBox(doc(), { source, pages });
      set({
        history: commit(state.history, pasted.doc),
        selectedId: pasted.id,
        clipboard: pasted.doc.boxes[pasted.id],
      });
    },
    /** "Add a box for this field": a box that prints the same value, selected. */
    addCopyBox: (id: BoxId) => {
      const added = addCopyBox(doc(), { id, pages });
      if (!added) return;
      set({ history: commit(state.history, added.doc), selectedId: added.id });
    },
    /** Removes a box or stamp from the document (the server call, if any, is the caller's). */
    remove: (id: BoxId) => apply((d) => removeStamp(removeBox(d, id), id)),
  };
};

export type EditorStore = ReturnType<typeof createEditorStore>;
