import { describe, expect, it } from 'vitest';
import {
  MIN_BOX_SIZE_PT,
  pagePoint,
  scaleForZoom,
  screenPoint,
} from '../geometry/page-geometry.ts';
import type { EditorDocument } from '../model/editor-state.ts';
import { docWith, testPages } from '../../../../test/editor-documents.ts';
import { handles, resizeRect } from './handles.ts';
import {
  idle,
  transition,
  type Interaction,
  type MachineEvent,
  type Step,
} from './pointer-machine.ts';
import { snapRect } from './snapping.ts';

const scale = scaleForZoom(1);

/** Feeds plain events through the machine like the store does, and returns the last step. */
const run = (doc: EditorDocument, events: MachineEvent[], canDraw = true, atScale = scale) => {
  let state: Interaction = idle;
  let current = doc;
  let last: Step | undefined;
  for (const event of events) {
    last = transition(state, event, { doc: current, pages: testPages, scale: atScale, canDraw });
    state = last.interaction;
    current = last.doc;
  }
  return last as Step;
};

/** A pointer over this page point, with the page's corner at the screen's (0, 0). */
const at = (x: number, y: number, atScale = scale) => ({
  point: pagePoint(x, y),
  screen: screenPoint(x * atScale, y * atScale),
});

describe('the pointer state machine', () => {
  it('draws a box from press to release and selects it, as one undo step', () => {
    const { doc } = docWith([]);
    const step = run(doc, [
      { type: 'down', page: 1, ...at(100, 100), target: { kind: 'page' } },
      { type: 'move', ...at(150, 120) },
      { type: 'up', ...at(300, 130) },
    ]);
    expect(step.interaction).toEqual(idle);
    expect(step.select).toBe('1-1');
    expect(step.commitFrom).toBe(doc);
    expect(step.doc.boxes[step.select!]?.rect).toEqual({ x: 100, y: 100, width: 200, height: 30 });
  });

  it('discards a box under 10 screen units wide or high', () => {
    const { doc } = docWith([]);
    const tooFlat = 9 / scale;
    const step = run(doc, [
      { type: 'down', page: 1, ...at(100, 100), target: { kind: 'page' } },
      { type: 'up', ...at(300, 100 + tooFlat) },
    ]);
    expect(step.doc).toBe(doc);
    expect(step.commitFrom).toBeUndefined();
  });

  it('stops a resize at the minimum box size in points when zoomed in', () => {
    const { doc, ids } = docWith([{ x: 100, y: 100, w: 100, h: 50 }]);
    const id = ids[0]!;
    const zoomed = scaleForZoom(2);
    const step = run(
      doc,
      [
        {
          type: 'down',
          page: 1,
          ...at(100, 100, zoomed),
          target: { kind: 'handle', id, handle: 'left' },
        },
        { type: 'move', ...at(199, 100, zoomed) },
        { type: 'up', ...at(199, 100, zoomed) },
      ],
      true,
      zoomed,
    );
    expect(step.doc.boxes[id]?.rect).toEqual({
      x: 200 - MIN_BOX_SIZE_PT,
      y: 100,
      width: MIN_BOX_SIZE_PT,
      height: 50,
    });
  });

  it('does not draw where drawing is off (the stamps tab), and deselects', () => {
    const { doc } = docWith([]);
    const step = run(
      doc,
      [{ type: 'down', page: 1, ...at(1, 1), target: { kind: 'page' } }],
      false,
    );
    expect(step.interaction).toEqual(idle);
    expect(step.select).toBeNull();
  });

  it('moves a box by the pointer travel and records the move from the document before it', () => {
    const { doc, ids } = docWith([{ x: 50, y: 100 }]);
    const id = ids[0]!;
    const step = run(doc, [
      { type: 'down', page: 1, ...at(60, 105), target: { kind: 'item', id } },
      { type: 'move', ...at(90, 125) },
      { type: 'up', ...at(160, 205) },
    ]);
    expect(step.doc.boxes[id]?.rect).toMatchObject({ x: 150, y: 200 });
    expect(step.commitFrom).toBe(doc);
  });

  it('treats a press without travel as a click: it selects and changes nothing', () => {
    const { doc, ids } = docWith([{}]);
    const id = ids[0]!;
    const pressed = run(doc, [
      { type: 'down', page: 1, ...at(60, 105), target: { kind: 'item', id } },
    ]);
    expect(pressed.select).toBe(id);
    const step = run(doc, [
      { type: 'down', page: 1, ...at(60, 105), target: { kind: 'item', id } },
      { type: 'move', ...at(60.5, 105.5) },
      { type: 'up', ...at(60.5, 105.5) },
    ]);
    expect(step.doc).toBe(doc);
    expect(step.commitFrom).toBeUndefined();
  });

  it('moves nothing when the page scrolls under a still pointer between press and release', () => {
    const { doc, ids } = docWith([{ x: 50, y: 100 }]);
    const id = ids[0]!;
    const pressed = at(60, 105);
    // Selecting the field made the side panel shorter and the page scrolled 33 px: the same
    // screen spot now lies 22 points lower on the page.
    const scrolled = { ...pressed, point: pagePoint(60, 105 + 33 / scale) };
    const step = run(doc, [
      { type: 'down', page: 1, ...pressed, target: { kind: 'item', id } },
      { type: 'move', ...scrolled },
      { type: 'up', ...scrolled },
    ]);
    expect(step.select).toBeUndefined();
    expect(step.doc).toBe(doc);
    expect(step.commitFrom).toBeUndefined();
  });

  it('moves a box by the travel on screen only, when a panel resize shifts the page mid-drag', () => {
    const { doc, ids } = docWith([{ x: 50, y: 100 }]);
    const id = ids[0]!;
    // The panel beside the page got narrower: the page moved 40 px left on screen.
    const shifted = (x: number, y: number) => ({
      point: pagePoint(x + 40 / scale, y),
      screen: screenPoint(x * scale, y * scale),
    });
    const step = run(doc, [
      { type: 'down', page: 1, ...at(60, 105), target: { kind: 'item', id } },
      { type: 'move', ...shifted(60, 105) },
      { type: 'up', ...shifted(80, 105) },
    ]);
    expect(step.doc.boxes[id]?.rect).toMatchObject({ x: 70, y: 100 });
    expect(step.commitFrom).toBe(doc);
  });

  it('starts a move only after 3 screen pixels of travel, whatever the zoom', () => {
    const { doc, ids } = docWith([{ x: 50, y: 100 }]);
    const id = ids[0]!;
    const zoomed = scaleForZoom(2);
    const pressAt = (dxPx: number): MachineEvent[] => [
      { type: 'down', page: 1, ...at(60, 105, zoomed), target: { kind: 'item', id } },
      {
        type: 'up',
        point: pagePoint(60, 105),
        screen: screenPoint(60 * zoomed + dxPx, 105 * zoomed),
      },
    ];
    expect(run(doc, pressAt(2.9), true, zoomed).doc).toBe(doc);
    expect(run(doc, pressAt(3), true, zoomed).doc.boxes[id]?.rect.x).toBeCloseTo(50 + 3 / zoomed);
  });

  it('rolls a move back on cancel (Escape or pointercancel)', () => {
    const { doc, ids } = docWith([{}]);
    const id = ids[0]!;
    const step = run(doc, [
      { type: 'down', page: 1, ...at(60, 105), target: { kind: 'item', id } },
      { type: 'move', ...at(200, 300) },
      { type: 'cancel' },
    ]);
    expect(step.doc).toBe(doc);
    expect(step.interaction).toEqual(idle);
  });

  it.each(handles)('resizes with the %s handle, moving only its edges', (handle) => {
    const { doc, ids } = docWith([{ x: 100, y: 100, w: 100, h: 50 }]);
    const id = ids[0]!;
    const step = run(doc, [
      { type: 'down', page: 1, ...at(0, 0), target: { kind: 'handle', id, handle } },
      { type: 'up', ...at(20, 10), isSnapOff: true },
    ]);
    expect(step.doc.boxes[id]?.rect).toEqual(
      resizeRect({ x: 100, y: 100, width: 100, height: 50 }, handle, { dx: 20, dy: 10 }, 0),
    );
    const rect = step.doc.boxes[id]!.rect;
    expect(rect.x).toBe(handle.endsWith('left') ? 120 : 100);
    expect(rect.y).toBe(handle.startsWith('top') ? 110 : 100);
  });

  it('never lets a resize turn a box inside out', () => {
    expect(resizeRect({ x: 0, y: 0, width: 50, height: 50 }, 'left', { dx: 80, dy: 0 }, 5)).toEqual(
      {
        x: 45,
        y: 0,
        width: 5,
        height: 50,
      },
    );
  });

  it('snaps a moving box to another box edge and shows a guide; Alt turns snapping off', () => {
    const { doc, ids } = docWith([
      { x: 100, y: 100 },
      { x: 50, y: 300 },
    ]);
    const id = ids[1]!;
    const events = (isSnapOff: boolean): MachineEvent[] => [
      { type: 'down', page: 1, ...at(60, 310), target: { kind: 'item', id } },
      { type: 'move', ...at(112, 360), isSnapOff },
    ];
    const snapped = run(doc, events(false));
    expect(snapped.doc.boxes[id]?.rect.x).toBe(100);
    expect(snapped.guides).toContainEqual({ axis: 'x', at: 100 });
    expect(run(doc, events(true)).doc.boxes[id]?.rect.x).toBe(102);
  });
});

describe('snapping', () => {
  it('snaps only the edges a resize handle moves', () => {
    const other = { x: 200, y: 0, width: 10, height: 10 };
    const result = snapRect({ x: 0, y: 50, width: 197, height: 20 }, [other], 4, {
      left: false,
      right: true,
      top: false,
      bottom: false,
    });
    expect(result.rect).toEqual({ x: 0, y: 50, width: 200, height: 20 });
  });
});
