import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { EditorState, EditorStore } from '../model/editor-store.ts';

const shallowEqualArrays = (a: unknown, b: unknown): boolean =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && a.every((value, index) => Object.is(value, b[index]))
    : Object.is(a, b);

/**
 * Reads one slice of the editor store; the component re-renders only when that slice changes
 * (arrays compare item by item, so "the ids on page 3" stays stable while another page changes).
 */
export const useEditorSelector = <T>(store: EditorStore, select: (state: EditorState) => T): T => {
  const cache = useRef<{ value: T } | null>(null);
  const getSnapshot = useCallback(() => {
    const value = select(store.getState());
    if (cache.current && shallowEqualArrays(cache.current.value, value)) return cache.current.value;
    cache.current = { value };
    return value;
  }, [store, select]);
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
};
