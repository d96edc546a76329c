import type { TemplateInput } from '@platen/contract';
import { describe, expect, it } from 'vitest';
import { toDocument, toSaveRequest } from '../api/to-save-request.ts';
import { addCopyBox, canAddCopyBox, configureBox } from './commands.ts';
import type { BoxId } from './editor-state.ts';
import { findInvalidBoxes } from './save-check.ts';
import { docWith, testPages } from '../../../../test/editor-documents.ts';

const uuid = '5b0c3f7e-1d2a-4c8b-9e6f-0a1b2c3d4e5f';

/** An imported insurance number in the header of three pages, smaller and turned on page 2. */
const headerField: TemplateInput = {
  id: uuid,
  page: 1,
  rectX: 260,
  rectY: 30,
  rectWidth: 240,
  rectHeight: 22,
  label: 'Versicherungsnummer',
  type: 'TEXT',
  fontSize: 12,
  fontFamily: 'helvetica',
  textAlign: 'left',
  fontColor: '#000000',
  maxLength: 12,
  comb: true,
  rotation: 90,
  boxes: [
    { page: 1, rectX: 260, rectY: 30, rectWidth: 240, rectHeight: 22 },
    { page: 2, rectX: 260, rectY: 36, rectWidth: 180, rectHeight: 16, fontSize: 9, rotation: 0 },
    { page: 3, rectX: 260, rectY: 30, rectWidth: 240, rectHeight: 22, textAlign: 'right' },
  ],
};

describe('a field that prints its value in several boxes', () => {
  it('shows one box per entry, each in its own size, and saves back exactly as read', () => {
    const doc = toDocument({ inputs: [headerField] });
    expect(doc.order).toEqual([uuid, `${uuid}/2`, `${uuid}/3`]);
    const boxes = doc.order.map((id) => doc.boxes[id]!);
    expect(boxes.map((b) => [b.page, b.fontSize, b.textAlign, b.rotation, b.repeatsValue])).toEqual(
      [
        [1, 12, 'left', 90, true],
        [2, 9, 'left', undefined, true],
        [3, 12, 'right', 90, true],
      ],
    );
    expect(findInvalidBoxes(doc).size).toBe(0);
    const { inputs } = toSaveRequest('Meldung', doc);
    expect(inputs).toHaveLength(1);
    expect(inputs[0]).toEqual({ ...headerField, type: undefined, fieldType: 'text' });
  });

  it('shares label and type across its boxes, but not size or alignment', () => {
    const doc = toDocument({ inputs: [headerField] });
    const second = `${uuid}/2` as BoxId;
    const renamed = configureBox(doc, { id: second, settings: { label: 'Nummer', fontSize: 10 } });
    expect(
      renamed.order.map((id) => [renamed.boxes[id]!.label, renamed.boxes[id]!.fontSize]),
    ).toEqual([
      ['Nummer', 12],
      ['Nummer', 10],
      ['Nummer', 12],
    ]);
    expect(toSaveRequest('Meldung', renamed).inputs[0]?.boxes?.[1]).toMatchObject({ fontSize: 10 });
  });

  it('gets another box from "Add a box for this field", saved as one field', () => {
    const { doc, ids } = docWith([{ set: { type: 'date', label: 'Datum', fontSize: 11 } }]);
    const added = addCopyBox(doc, { id: ids[0]!, pages: testPages })!;
    const copy = added.doc.boxes[added.id]!;
    expect(copy).toMatchObject({ label: 'Datum', type: 'date', repeatsValue: true, order: 2 });
    expect(copy.rect).toMatchObject({ x: 60, y: 110 });
    expect(findInvalidBoxes(added.doc).size).toBe(0);
    const { inputs } = toSaveRequest('T', added.doc);
    expect(inputs.map((input) => [input.label, input.boxes?.length])).toEqual([['Datum', 2]]);
    // Two fields drawn apart with one label are still two fields, and refused.
    const twice = docWith([
      { set: { type: 'date', label: 'Datum' } },
      { set: { type: 'date', label: 'Datum' } },
    ]);
    expect(findInvalidBoxes(twice.doc).size).toBe(2);
  });

  it('offers another box only to fields whose value can print again', () => {
    const { doc, ids } = docWith([
      { set: { type: 'image', label: 'Photo' } },
      { set: { type: 'text', label: '' } },
      { set: { type: 'checkbox', label: 'Agreed' } },
    ]);
    expect(ids.map((id) => canAddCopyBox(doc.boxes[id]!))).toEqual([false, false, true]);
    expect(addCopyBox(doc, { id: ids[0]!, pages: testPages })).toBeUndefined();
  });
});
