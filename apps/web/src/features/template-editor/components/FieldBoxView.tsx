import { memo, type CSSProperties } from 'react';
import type { FieldBox as FieldBoxRect } from '@platen/contract';
import { BarcodePreview } from '../../../field-kinds/barcode/BarcodePreview.tsx';
import { TableColumns } from '../../../field-kinds/table/TableColumns.tsx';
import { rectToCss, type RectPt } from '../geometry/page-geometry.ts';
import { useEditorSelector } from '../hooks/use-editor-store.ts';
import { optionsAtField } from '../model/choice-boxes.ts';
import { FIELD_TYPE_LABELS } from '../model/commands.ts';
import type { BoxId, FieldBox } from '../model/editor-state.ts';
import { isOutOfBounds } from '../model/out-of-bounds.ts';
import { DeleteItemButton } from './DeleteItemButton.tsx';
import { useEditor } from './editor-context.ts';
import classes from './editor.module.css';
import { fieldColorVar } from './field-colors.ts';
import { labelFontPx } from './field-label-size.ts';
import { Handles } from './Handles.tsx';

const rectOf = (r: FieldBoxRect): RectPt => ({
  x: r.rectX,
  y: r.rectY,
  width: r.rectWidth,
  height: r.rectHeight,
});

/** A radio-style choice's option boxes on the field's page, but for the first: the field's own. */
const otherOptionBoxes = (box: FieldBox) =>
  optionsAtField(box).flatMap((option, index) =>
    index > 0 && option.box && option.box.page === box.page
      ? [{ value: option.value, label: option.label, box: option.box }]
      : [],
  );

/**
 * One field box, positioned from its rectangle in points through the geometry module. It reads
 * only its own box from the store, so dragging one box re-renders one box.
 */
export const FieldBoxView = memo(function FieldBoxView({ id }: { id: BoxId }) {
  const { store, scale, isEditing, layer, requestDelete } = useEditor();
  const box = useEditorSelector(store, (state) => state.history.present.boxes[id]);
  const isSelected = useEditorSelector(store, (state) => state.selectedId === id);
  const isInvalid = useEditorSelector(store, (state) => state.invalidIds.has(id));
  const isOffPage = useEditorSelector(store, (state) => {
    const current = state.history.present.boxes[id];
    return current !== undefined && isOutOfBounds(current, store.pages);
  });
  if (!box) return null;
  const isInteractive = isEditing && layer === 'fields';
  const name = box.label || 'Unlabelled';
  const kind = box.type ? FIELD_TYPE_LABELS[box.type] : 'no type';
  const css = rectToCss(box.rect, scale);
  const optionBoxes = otherOptionBoxes(box);
  const labelPx = labelFontPx(scale, css.height);
  const style = {
    ...css,
    '--box-color': fieldColorVar(box.type),
    opacity: layer === 'stamps' ? 0.45 : 1,
  } as CSSProperties;
  return (
    <>
      <div
        className={classes.box}
        style={style}
        data-item-id={id}
        data-item-layer="fields"
        data-testid="field-box"
        data-label={box.label}
        data-selected={isSelected && isInteractive}
        data-invalid={isInvalid || isOffPage}
        data-out-of-bounds={isOffPage}
        title={isOffPage ? `${name} lies off the page: move it onto the page` : undefined}
        data-interactive={isInteractive}
        role={isInteractive ? 'button' : undefined}
        tabIndex={isInteractive ? 0 : undefined}
        aria-label={isInteractive ? `${name} field, ${kind}` : undefined}
        aria-pressed={isInteractive ? isSelected : undefined}
        onFocus={isInteractive ? () => store.select(id) : undefined}
      >
        {box.type === 'table' && <TableColumns table={box.table} labelPx={labelPx} />}
        {box.type === 'barcode' && box.barcode && (
          <BarcodePreview
            barcode={box.barcode}
            data={typeof box.default === 'string' ? box.default : undefined}
            color={box.fontColor}
            aspect={box.rect.width / box.rect.height}
          />
        )}
        {isSelected && isInteractive && <span className={classes.tag}>{kind}</span>}
        <span
          className={classes.label}
          style={{ fontSize: labelPx }}
          data-testid="field-label"
          data-on-code={box.type === 'barcode'}
        >
          {box.label}
        </span>
        {isSelected && isInteractive && <Handles id={id} />}
      </div>
      {optionBoxes.map((option) => (
        <div
          key={option.value}
          className={classes.optionBox}
          style={
            {
              ...rectToCss(rectOf(option.box), scale),
              '--box-color': fieldColorVar(box.type),
            } as CSSProperties
          }
          data-testid="choice-option-box"
          title={`${name}: ${option.label}`}
        />
      ))}
      {isSelected && isInteractive && (
        <DeleteItemButton
          css={css}
          label={`Delete field ${name}`}
          onDelete={() => requestDelete(id)}
        />
      )}
    </>
  );
});
