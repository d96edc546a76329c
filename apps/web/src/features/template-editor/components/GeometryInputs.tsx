import { NumberInput, SimpleGrid } from '@mantine/core';
import { memo, useDeferredValue, useState } from 'react';
import { MIN_BOX_SIZE_PT, type RectPt } from '../geometry/page-geometry.ts';
import { useEditorSelector } from '../hooks/use-editor-store.ts';
import { setBoxRect } from '../model/commands.ts';
import type { BoxId } from '../model/editor-state.ts';
import { useEditor } from './editor-context.ts';
import { toNumber } from '../../../lib/input-values.ts';

const GEOMETRY_FIELDS = [
  ['X', 'x', 'X'],
  ['Y', 'y', 'Y'],
  ['W', 'width', 'Width'],
  ['H', 'height', 'Height'],
] as const;

type PointInputProps = {
  label: string;
  name: string;
  value: number;
  min: number;
  onCommit: (value: number) => void;
};

/**
 * One number in points. It keeps what is being typed, because on the way to "15" the input holds
 * "1", under the minimum box size: that is applied only at once valid, and on blur the input
 * shows what the box really is (the minimum, or the box put back on its page).
 */
const PointInput = ({ label, name, value, min, onCommit }: PointInputProps) => {
  const [draft, setDraft] = useState<string | number>(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // The box changed elsewhere (a drag, undo): follow it.
    setShown(value);
    setDraft(value);
  }
  const parsed = toNumber(draft);
  return (
    <NumberInput
      label={label}
      aria-label={`${name} in points`}
      size="xs"
      value={draft}
      min={min}
      clampBehavior="none"
      decimalScale={2}
      hideControls
      onChange={(next) => {
        setDraft(next);
        const n = toNumber(next);
        if (n !== undefined && !Number.isNaN(n) && n >= min) onCommit(n);
      }}
      onBlur={() => {
        if (parsed !== undefined && !Number.isNaN(parsed) && parsed < min) onCommit(min);
        setDraft(value);
      }}
    />
  );
};

/** X, Y, W, H of one box in points, memoised on the rectangle. */
const GeometryInputs = memo(function GeometryInputs({ id, rect }: { id: BoxId; rect: RectPt }) {
  const { store } = useEditor();
  const commit = (key: keyof RectPt) => (n: number) =>
    store.apply((doc) => setBoxRect(doc, { id, rect: { ...rect, [key]: n }, pages: store.pages }));
  return (
    <SimpleGrid cols={4} spacing={6}>
      {GEOMETRY_FIELDS.map(([label, key, name]) => (
        <PointInput
          key={key}
          label={label}
          name={name}
          value={rect[key]}
          min={key === 'width' || key === 'height' ? MIN_BOX_SIZE_PT : 0}
          onCommit={commit(key)}
        />
      ))}
    </SimpleGrid>
  );
});

/**
 * The only part of the panel a drag changes. The numbers follow at low priority
 * (useDeferredValue): four formatted inputs must never hold up the frame that moves the box.
 */
export const Geometry = ({ id }: { id: BoxId }) => {
  const { store } = useEditor();
  const rect = useEditorSelector(store, (state) => state.history.present.boxes[id]?.rect);
  const deferredRect = useDeferredValue(rect);
  return deferredRect ? <GeometryInputs id={id} rect={deferredRect} /> : null;
};
