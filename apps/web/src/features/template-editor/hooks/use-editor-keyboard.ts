import { useEffect } from 'react';
import type { BoxId } from '../model/editor-state.ts';
import type { EditorStore } from '../model/editor-store.ts';
import { focusPanelLabel } from '../interaction/panel-focus.ts';

const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('[role="dialog"], .ace_editor') !== null);

type KeyboardOptions = {
  store: EditorStore;
  isActive: boolean;
  requestDelete: (id: BoxId, viaKeyboard: boolean) => void;
  scale: number;
  canDraw: boolean;
};

/**
 * The editor's keys, as in design tools: undo/redo, Delete/Backspace, arrow nudges (Shift: 10 pt),
 * copy/paste, Escape to cancel a drag or drop the selection, Enter to the field panel's Label (and
 * Escape there back to the field: panel-focus.ts). Keys typed into fields are left alone.
 */
export const useEditorKeyboard = ({
  store,
  isActive,
  requestDelete,
  scale,
  canDraw,
}: KeyboardOptions) => {
  useEffect(() => {
    if (!isActive) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (isTyping(event.target)) return;
      const isCommand = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      const selected = store.getState().selectedId;
      const handled = (() => {
        if (isCommand && key === 'z') return (event.shiftKey ? store.redo() : store.undo(), true);
        if (isCommand && key === 'y') return (store.redo(), true);
        if (isCommand && key === 'c' && selected) return (store.copy(), true);
        if (isCommand && key === 'v') return (store.paste(), true);
        if (event.key === 'Escape') {
          if (store.getState().interaction.kind !== 'idle')
            store.pointer({ type: 'cancel' }, { scale, canDraw });
          else store.select(null);
          return true;
        }
        // Only from the pages (a box, the canvas) or nothing focused: a button keeps its Enter.
        const isOnPages =
          event.target === document.body ||
          (event.target instanceof Element && event.target.closest('[data-editor-canvas]'));
        if (event.key === 'Enter' && !isCommand && selected && isOnPages) return focusPanelLabel();
        if ((event.key === 'Delete' || event.key === 'Backspace') && selected) {
          return (requestDelete(selected, true), true);
        }
        const step = event.shiftKey ? 10 : 1;
        const arrows: Record<string, [number, number]> = {
          ArrowLeft: [-step, 0],
          ArrowRight: [step, 0],
          ArrowUp: [0, -step],
          ArrowDown: [0, step],
        };
        const nudge = arrows[event.key];
        if (nudge && selected) return (store.nudge(nudge[0], nudge[1]), true);
        return false;
      })();
      if (handled) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [store, isActive, requestDelete, scale, canDraw]);
};
