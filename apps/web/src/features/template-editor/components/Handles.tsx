import type { CSSProperties } from 'react';
import { handles, type Handle } from '../interaction/handles.ts';
import type { BoxId } from '../model/editor-state.ts';
import classes from './editor.module.css';

/** Half the drawn square: how far a handle reaches past the box's edge. */
const MARK_HALF_PX = 4;
/** How far a handle's hit area reaches into the box, from its edge. */
const REACH_IN_PX = 8;
/** A middle handle's hit area along its edge. */
const ALONG_EDGE_PX = 16;

type Along = 'start' | 'center' | 'end';

/**
 * One axis of a handle's hit area (its start from the edge or middle, and its length). Outside
 * the box it covers the drawn square only, at any zoom: a press in the next table cell, just past
 * the corner of the box drawn before, draws a new box instead of resizing that one. Inside the
 * box it reaches further, where nothing else starts.
 */
const axes: Record<Along, { position: number | string; offset: number; size: number }> = {
  start: { position: 0, offset: -MARK_HALF_PX, size: MARK_HALF_PX + REACH_IN_PX },
  center: { position: '50%', offset: -ALONG_EDGE_PX / 2, size: ALONG_EDGE_PX },
  end: { position: '100%', offset: -REACH_IN_PX, size: MARK_HALF_PX + REACH_IN_PX },
};

const alongX = (handle: Handle): Along =>
  handle.endsWith('left') ? 'start' : handle.endsWith('right') ? 'end' : 'center';
const alongY = (handle: Handle): Along =>
  handle.startsWith('top') ? 'start' : handle.startsWith('bottom') ? 'end' : 'center';

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

const place = (handle: Handle): CSSProperties => {
  const x = axes[alongX(handle)];
  const y = axes[alongY(handle)];
  return {
    left: x.position,
    top: y.position,
    width: x.size,
    height: y.size,
    marginLeft: x.offset,
    marginTop: y.offset,
    cursor: cursors[handle],
    // The drawn square, centred on the edge, inside the hit area.
    '--mark-left': `${-MARK_HALF_PX - x.offset}px`,
    '--mark-top': `${-MARK_HALF_PX - y.offset}px`,
  } as CSSProperties;
};

/** product.md §4's eight resize handles: an 8 px square centred on the box's edge. */
export const Handles = ({ id }: { id: BoxId }) =>
  handles.map((handle) => (
    <span
      key={handle}
      className={classes.handle}
      style={place(handle)}
      data-item-id={id}
      data-handle={handle}
      data-testid={`handle-${handle}`}
    />
  ));
