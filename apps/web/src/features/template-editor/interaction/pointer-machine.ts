import {
  MIN_BOX_SIZE_PT,
  MIN_BOX_SIZE_PX,
  SNAP_DISTANCE_PX,
  clampPointToPage,
  isBigEnoughOnScreen,
  rectFromCorners,
  screenLengthToPage,
  type PagePoint,
  type RectPt,
  type ScreenPoint,
} from '../geometry/page-geometry.ts';
import { addBox } from '../model/commands.ts';
import type { BoxId, EditorDocument, TemplatePages } from '../model/editor-state.ts';
import { edgesOf, resizeRect, type Handle } from './handles.ts';
import { itemOf, othersOnPage, withItemRect } from './items.ts';
import { ALL_EDGES, snapRect, type Guide } from './snapping.ts';

/** A press moves a box only after it travels this far on screen, so a click just selects. */
const DRAG_THRESHOLD_PX = 3;

/**
 * Moves and resizes follow the pointer's travel on screen from where it was pressed, converted
 * to points: the page under a still pointer can shift (a side panel that changes height when
 * another field is selected scrolls the page), and that shift must not move anything. A drawn
 * box takes page points instead: it goes where the pointer is on the page.
 */
export type Interaction =
  | { kind: 'idle' }
  | { kind: 'drawing'; page: number; origin: PagePoint; current: PagePoint }
  | {
      kind: 'moving';
      id: BoxId;
      start: ScreenPoint;
      before: EditorDocument;
      rect: RectPt;
      hasMoved: boolean;
    }
  | { kind: 'resizing'; id: BoxId; handle: Handle; start: ScreenPoint; before: EditorDocument };

export const idle: Interaction = { kind: 'idle' };

/** The box or stamp a gesture moves or resizes, if any. */
export const activeItemId = (interaction: Interaction): BoxId | undefined =>
  interaction.kind === 'moving' || interaction.kind === 'resizing' ? interaction.id : undefined;

export type PointerTarget =
  { kind: 'page' } | { kind: 'item'; id: BoxId } | { kind: 'handle'; id: BoxId; handle: Handle };

/**
 * A pointer position twice: `point` on the page the gesture started on, as the page lies now
 * (where a drawn box goes), and `screen`, the pointer's own place in CSS pixels (how far it
 * travelled).
 */
type PointerPosition = { point: PagePoint; screen: ScreenPoint };

export type MachineEvent =
  | ({ type: 'down'; page: number; target: PointerTarget } & PointerPosition)
  | ({ type: 'move'; isSnapOff?: boolean } & PointerPosition)
  | ({ type: 'up'; isSnapOff?: boolean } & PointerPosition)
  | { type: 'cancel' };

export type MachineContext = {
  doc: EditorDocument;
  pages: TemplatePages;
  /** CSS pixels per point: thresholds are screen units and are converted with it. */
  scale: number;
  /** Whether pressing on an empty spot of a page draws a new field box. */
  canDraw: boolean;
};

export type Step = {
  interaction: Interaction;
  /** The document to show now. */
  doc: EditorDocument;
  /** When set, the change from this document to `doc` becomes one undo step. */
  commitFrom?: EditorDocument;
  /** A new selection; undefined leaves it as it is. */
  select?: BoxId | null;
  guides: Guide[];
};

const stay = (interaction: Interaction, ctx: MachineContext): Step => ({
  interaction,
  doc: ctx.doc,
  guides: [],
});

const down = (event: Extract<MachineEvent, { type: 'down' }>, ctx: MachineContext): Step => {
  const { target, point, screen } = event;
  if (target.kind === 'handle' && itemOf(ctx.doc, target.id)) {
    return {
      interaction: {
        kind: 'resizing',
        id: target.id,
        handle: target.handle,
        start: screen,
        before: ctx.doc,
      },
      doc: ctx.doc,
      select: target.id,
      guides: [],
    };
  }
  if (target.kind === 'item') {
    const item = itemOf(ctx.doc, target.id);
    if (!item) return stay(idle, ctx);
    const interaction: Interaction = {
      kind: 'moving',
      id: target.id,
      start: screen,
      before: ctx.doc,
      rect: item.rect,
      hasMoved: false,
    };
    return { interaction, doc: ctx.doc, select: target.id, guides: [] };
  }
  if (!ctx.canDraw) return { ...stay(idle, ctx), select: null };
  const interaction: Interaction = {
    kind: 'drawing',
    page: event.page,
    origin: point,
    current: point,
  };
  return { interaction, doc: ctx.doc, select: null, guides: [] };
};

const snapThreshold = (ctx: MachineContext, isSnapOff = false) =>
  isSnapOff ? -1 : screenLengthToPage(SNAP_DISTANCE_PX, ctx.scale);

/** The pointer's travel on screen since the press, in points, and in screen pixels. */
const travelFrom = (start: ScreenPoint, screen: ScreenPoint, scale: number) => {
  const [dxPx, dyPx] = [screen.x - start.x, screen.y - start.y];
  return {
    dx: screenLengthToPage(dxPx, scale),
    dy: screenLengthToPage(dyPx, scale),
    px: Math.hypot(dxPx, dyPx),
  };
};

const move = (
  state: Interaction,
  event: PointerPosition & { isSnapOff?: boolean },
  ctx: MachineContext,
): Step => {
  switch (state.kind) {
    case 'drawing': {
      const page = ctx.pages[state.page - 1];
      const current = page ? clampPointToPage(event.point, page) : event.point;
      return stay({ ...state, current }, ctx);
    }
    case 'moving': {
      const { dx, dy, px } = travelFrom(state.start, event.screen, ctx.scale);
      const hasMoved = state.hasMoved || px >= DRAG_THRESHOLD_PX;
      if (!hasMoved) return stay(state, ctx);
      const moved = { ...state.rect, x: state.rect.x + dx, y: state.rect.y + dy };
      const others = othersOnPage(state.before, state.id);
      const snapped = snapRect(moved, others, snapThreshold(ctx, event.isSnapOff), ALL_EDGES);
      const doc = withItemRect(state.before, state.id, snapped.rect, ctx.pages);
      return { interaction: { ...state, hasMoved }, doc, guides: snapped.guides };
    }
    case 'resizing': {
      const item = itemOf(state.before, state.id);
      if (!item) return stay(idle, ctx);
      // The larger of the model's minimum and 10 px on screen, so the dragged edge is the one that stops.
      const minPt = Math.max(MIN_BOX_SIZE_PT, screenLengthToPage(MIN_BOX_SIZE_PX, ctx.scale));
      const resized = resizeRect(
        item.rect,
        state.handle,
        travelFrom(state.start, event.screen, ctx.scale),
        minPt,
      );
      const others = othersOnPage(state.before, state.id);
      const edges = edgesOf(state.handle);
      const snapped = snapRect(resized, others, snapThreshold(ctx, event.isSnapOff), edges);
      const doc = withItemRect(state.before, state.id, snapped.rect, ctx.pages);
      return { interaction: state, doc, guides: snapped.guides };
    }
    default:
      return stay(state, ctx);
  }
};

const up = (
  state: Interaction,
  event: PointerPosition & { isSnapOff?: boolean },
  ctx: MachineContext,
): Step => {
  if (state.kind === 'drawing') {
    const drawn = move(state, event, ctx).interaction;
    const current = drawn.kind === 'drawing' ? drawn.current : state.current;
    const rect = rectFromCorners(state.origin, current);
    // product.md#states-and-transitions: under 10 screen units wide or high, the box is discarded.
    if (!isBigEnoughOnScreen(rect, ctx.scale)) return stay(idle, ctx);
    const added = addBox(ctx.doc, { page: state.page, rect, pages: ctx.pages });
    return { interaction: idle, doc: added.doc, commitFrom: ctx.doc, select: added.id, guides: [] };
  }
  if (state.kind === 'moving' || state.kind === 'resizing') {
    const moved = move(state, event, ctx);
    const isClick = moved.interaction.kind === 'moving' && !moved.interaction.hasMoved;
    if (isClick) return stay(idle, { ...ctx, doc: state.before });
    return { interaction: idle, doc: moved.doc, commitFrom: state.before, guides: [] };
  }
  return stay(idle, ctx);
};

/** Escape or pointercancel: the document goes back to how it was before the gesture. */
const cancel = (state: Interaction, ctx: MachineContext): Step => {
  if (state.kind === 'moving' || state.kind === 'resizing') {
    return { interaction: idle, doc: state.before, guides: [] };
  }
  return stay(idle, ctx);
};

/**
 * The editor's pointer handling as one pure function: the state it is in, a plain event, and
 * what the document looks like → the next state and what to show or record.
 */
export const transition = (state: Interaction, event: MachineEvent, ctx: MachineContext): Step => {
  switch (event.type) {
    case 'down':
      return state.kind === 'idle' ? down(event, ctx) : stay(state, ctx);
    case 'move':
      return move(state, event, ctx);
    case 'up':
      return up(state, event, ctx);
    case 'cancel':
      return cancel(state, ctx);
  }
};

/** The rectangle being drawn, for the preview outline. */
export const draftRect = (state: Interaction): { page: number; rect: RectPt } | undefined =>
  state.kind === 'drawing'
    ? { page: state.page, rect: rectFromCorners(state.origin, state.current) }
    : undefined;
