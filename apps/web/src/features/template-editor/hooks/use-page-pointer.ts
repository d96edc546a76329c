import type { PointerEvent as ReactPointerEvent } from 'react';
import { screenPoint, screenToPage } from '../geometry/page-geometry.ts';
import type { Handle } from '../interaction/handles.ts';
import type { PointerTarget } from '../interaction/pointer-machine.ts';
import type { BoxId } from '../model/editor-state.ts';
import type { EditorContextValue } from '../components/editor-context.ts';

const targetOf = (element: Element, layer: EditorContextValue['layer']): PointerTarget => {
  const item = element.closest<HTMLElement>('[data-item-id]');
  const id = item?.dataset.itemId as BoxId | undefined;
  // Items say their layer themselves; test ids are for tests and may change with them.
  const isOwnLayer = item?.dataset.itemLayer === layer;
  if (!id || (!isOwnLayer && !item?.dataset.handle)) return { kind: 'page' };
  const handle = item?.dataset.handle as Handle | undefined;
  return handle ? { kind: 'handle', id, handle } : { kind: 'item', id };
};

/**
 * Pointer Events of one page (mouse, pen and touch alike) into the pointer machine: the only
 * place where a screen position exists, converted at once by the geometry module.
 */
export const usePagePointer = (page: number, editor: EditorContextValue) => {
  const { store, scale, isEditing, layer } = editor;
  /** Where the pointer is: on the page as it lies now, and on screen (its travel). */
  const positionOf = (event: ReactPointerEvent<HTMLElement>) => {
    const screen = screenPoint(event.clientX, event.clientY);
    const rect = event.currentTarget.getBoundingClientRect();
    return { screen, point: screenToPage(screen, { rect, scale }) };
  };
  const context = { scale, canDraw: layer === 'fields' };

  if (!isEditing) return {};
  return {
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) => {
      if (event.button !== 0 || !(event.target instanceof Element)) return;
      if (event.target.closest('[data-no-drag]')) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      const target = targetOf(event.target, layer);
      store.pointer({ type: 'down', page, target, ...positionOf(event) }, context);
      // Keep the keyboard on the canvas (arrows, Delete, undo) without scrolling it.
      if (target.kind === 'page') {
        event.preventDefault();
        event.currentTarget
          .closest<HTMLElement>('[data-editor-canvas]')
          ?.focus({ preventScroll: true });
      }
    },
    onPointerMove: (event: ReactPointerEvent<HTMLElement>) => {
      if (store.getState().interaction.kind === 'idle') return;
      store.pointer({ type: 'move', isSnapOff: event.altKey, ...positionOf(event) }, context);
    },
    onPointerUp: (event: ReactPointerEvent<HTMLElement>) => {
      if (store.getState().interaction.kind === 'idle') return;
      store.pointer({ type: 'up', isSnapOff: event.altKey, ...positionOf(event) }, context);
    },
    onPointerCancel: () => store.pointer({ type: 'cancel' }, context),
  };
};
