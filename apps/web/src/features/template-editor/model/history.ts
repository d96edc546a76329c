import type { EditorDocument } from './editor-state.ts';

/** Undo is a stack of documents (conventions.md#the-editor): every commit pushes the document it replaced. */
export type History = {
  past: readonly EditorDocument[];
  present: EditorDocument;
  future: readonly EditorDocument[];
};

/** Enough for a long session; the oldest steps fall off. */
const HISTORY_LIMIT = 200;

export const startHistory = (doc: EditorDocument): History => ({
  past: [],
  present: doc,
  future: [],
});

/**
 * Records a change. `before` is the document the change started from: during a drag the present
 * document moves with the pointer, and only the document before the drag is remembered.
 */
export const commit = (
  history: History,
  next: EditorDocument,
  before = history.present,
): History =>
  next === before
    ? { ...history, present: next }
    : {
        past: [...history.past, before].slice(-HISTORY_LIMIT),
        present: next,
        future: [],
      };

/** Shows a document without recording it (a box following the pointer). */
export const preview = (history: History, next: EditorDocument): History => ({
  ...history,
  present: next,
});

export const undo = (history: History): History => {
  const previous = history.past.at(-1);
  if (!previous) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
  };
};

export const redo = (history: History): History => {
  const [next, ...rest] = history.future;
  if (!next) return history;
  return { past: [...history.past, history.present], present: next, future: rest };
};

export const canUndo = (history: History) => history.past.length > 0;
export const canRedo = (history: History) => history.future.length > 0;
