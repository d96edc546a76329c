import { createContext, useContext } from 'react';
import type { BoxId } from '../model/editor-state.ts';
import type { EditorStore } from '../model/editor-store.ts';

type EditorLayer = 'fields' | 'stamps';

export type EditorContextValue = {
  store: EditorStore;
  /** CSS pixels per point. */
  scale: number;
  isEditing: boolean;
  /** Which items take the pointer: field boxes (tab 1) or stamps (tab 4). */
  layer: EditorLayer;
  requestDelete: (id: BoxId) => void;
};

export const EditorContext = createContext<EditorContextValue | null>(null);

export const useEditor = (): EditorContextValue => {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditor is used outside the editor');
  return value;
};
