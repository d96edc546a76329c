import type { CSSProperties } from 'react';
import { handles, type Handle } from '../interaction/handles.ts';
import type { BoxId } from '../model/editor-state.ts';
import classes from './editor.module.css';

const place: Record<Handle, CSSProperties> = {
  'top-left': { left: 0, top: 0, cursor: 'nwse-resize' },
  top: { left: '50%', top: 0, cursor: 'ns-resize' },
  'top-right': { left: '100%', top: 0, cursor: 'nesw-resize' },
  right: { left: '100%', top: '50%', cursor: 'ew-resize' },
  'bottom-right': { left: '100%', top: '100%', cursor: 'nwse-resize' },
  bottom: { left: '50%', top: '100%', cursor: 'ns-resize' },
  'bottom-left': { left: 0, top: '100%', cursor: 'nesw-resize' },
  left: { left: 0, top: '50%', cursor: 'ew-resize' },
};

/** SPEC §4's eight resize handles, with a 16 px hit area around an 8 px square. */
export const Handles = ({ id }: { id: BoxId }) =>
  handles.map((handle) => (
    <span
      key={handle}
      className={classes.handle}
      style={place[handle]}
      data-item-id={id}
      data-handle={handle}
      data-testid={`handle-${handle}`}
    />
  ));
