import type { CSSProperties } from 'react';
import {
  handleDrawOrder,
  handleHitArea,
  handleMark,
  type AreaAxis,
} from '../interaction/handle-areas.ts';
import type { Handle } from '../interaction/handles.ts';
import type { BoxId } from '../model/editor-state.ts';
import classes from './editor.module.css';

const cursors: Record<Handle, string> = {
  'top-left': 'nwse-resize',
  top: 'ns-resize',
  'top-right': 'nesw-resize',
  right: 'ew-resize',
  'bottom-right': 'nwse-resize',
  bottom: 'ns-resize',
  'bottom-left': 'nesw-resize',
  left: 'ew-resize',
};

const position = (axis: AreaAxis) => (axis.at === 0 ? 0 : `${axis.at * 100}%`);

const place = (handle: Handle): CSSProperties => {
  const hit = handleHitArea(handle);
  const mark = handleMark(handle);
  return {
    left: position(hit.x),
    top: position(hit.y),
    width: hit.x.size,
    height: hit.y.size,
    marginLeft: hit.x.offset,
    marginTop: hit.y.offset,
    cursor: cursors[handle],
    // The drawn square, relative to the hit area; it takes presses too, also outside the box.
    '--mark-left': `${mark.x.offset - hit.x.offset}px`,
    '--mark-top': `${mark.y.offset - hit.y.offset}px`,
  } as CSSProperties;
};

/** product.md#states-and-transitions's eight resize handles: an 8 px square centred on the box's edge. */
export const Handles = ({ id }: { id: BoxId }) =>
  handleDrawOrder.map((handle) => (
    <span
      key={handle}
      className={classes.handle}
      style={place(handle)}
      data-item-id={id}
      data-handle={handle}
      data-testid={`handle-${handle}`}
    />
  ));
