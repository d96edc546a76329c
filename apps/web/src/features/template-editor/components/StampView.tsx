import { memo } from 'react';
import { rectToCss } from '../geometry/page-geometry.ts';
import { useEditorSelector } from '../hooks/use-editor-store.ts';
import type { BoxId } from '../model/editor-state.ts';
import { DeleteItemButton } from './DeleteItemButton.tsx';
import { useEditor } from './editor-context.ts';
import classes from './editor.module.css';
import { Handles } from './Handles.tsx';

/** A stamp on its page: moved and resized like a box on the stamps tab. */
export const StampView = memo(function StampView({ id }: { id: BoxId }) {
  const { store, scale, isEditing, layer, requestDelete } = useEditor();
  const stamp = useEditorSelector(store, (state) => state.history.present.stamps[id]);
  const isSelected = useEditorSelector(store, (state) => state.selectedId === id);
  if (!stamp) return null;
  const isInteractive = isEditing && layer === 'stamps';
  const css = rectToCss(stamp.rect, scale);
  return (
    <>
      <div
        className={classes.stamp}
        style={{
          ...css,
          ['--box-color' as string]: 'var(--mantine-color-violet-6)',
        }}
        data-item-id={id}
        data-item-layer="stamps"
        data-testid="stamp"
        data-selected={isSelected && isInteractive}
        data-interactive={isInteractive}
        role={isInteractive ? 'button' : undefined}
        tabIndex={isInteractive ? 0 : undefined}
        aria-label={isInteractive ? `Stamp on page ${stamp.page}` : undefined}
        onFocus={isInteractive ? () => store.select(id) : undefined}
      >
        {stamp.image && <img src={stamp.image} alt="" draggable={false} />}
        {isSelected && isInteractive && <Handles id={id} />}
      </div>
      {isSelected && isInteractive && (
        <DeleteItemButton css={css} label="Delete stamp" onDelete={() => requestDelete(id)} />
      )}
    </>
  );
});
