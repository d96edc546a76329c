import type { TemplateInput } from '@platen/contract';
import { describe, expect, it } from 'vitest';
import { configureBox } from '../model/commands.ts';
import type { BoxId } from '../model/editor-state.ts';
import { addStamp } from '../model/stamp-commands.ts';
import { docWith } from '../../../../test/editor-documents.ts';
import { toDocument, toSaveRequest } from './to-save-request.ts';

const uuid = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';

describe('the save mapper', () => {
  it('sends one input per field with lower-case types, rounded points, and no local ids', () => {
    const { doc } = docWith([
      { x: 10.123, set: { type: 'email', label: ' Mail ', textAlign: 'right' } },
    ]);
    expect(toSaveRequest('Invoice', doc)).toEqual({
      templateName: 'Invoice',
      inputs: [
        {
          page: 1,
          rectX: 10.12,
          rectY: 100,
          rectWidth: 200,
          rectHeight: 20,
          label: 'Mail',
          fieldType: 'email',
          fontSize: 14,
          fontFamily: 'helvetica',
          textAlign: 'right',
          fontColor: '#000000',
        },
      ],
      stamps: [],
      language: null,
    });
  });

  it('keeps the template’s default language through the editor, and clears it with null', () => {
    const doc = toDocument({ inputs: [], language: 'zh-Hant' });
    expect(doc.language).toBe('zh-Hant');
    expect(toSaveRequest('T', doc).language).toBe('zh-Hant');
    expect(toSaveRequest('T', { ...doc, language: undefined }).language).toBeNull();
  });

  it('sends stamps: new ones with their picture, saved ones by id without it', () => {
    const doc = toDocument({
      inputs: [],
      stamps: [
        {
          id: uuid,
          page: 1,
          rectX: 1,
          rectY: 2,
          rectWidth: 30,
          rectHeight: 40,
          image: 'data:image/png;base64,AA',
        },
      ],
    });
    const added = addStamp(doc, {
      page: 2,
      rect: { x: 5, y: 6, width: 7, height: 8 },
      image: 'data:image/gif;base64,R0',
    });
    expect(toSaveRequest('T', added.doc).stamps).toEqual([
      { id: uuid, page: 1, rectX: 1, rectY: 2, rectWidth: 30, rectHeight: 40 },
      {
        page: 2,
        rectX: 5,
        rectY: 6,
        rectWidth: 7,
        rectHeight: 8,
        image: 'data:image/gif;base64,R0',
      },
    ]);
  });

  it('groups linked-text boxes by label in box order, preferring a UUID id', () => {
    const { doc: start, ids } = docWith([
      { page: 2, y: 50, set: { type: 'linked_text', label: 'Story', order: 2 } },
      { set: { type: 'text', label: 'Name' } },
      { page: 1, y: 700, set: { type: 'linked_text', label: 'Story', order: 1 } },
    ]);
    const withUuid = {
      ...start,
      boxes: { ...start.boxes, [ids[0]!]: { ...start.boxes[ids[0]!]!, fieldId: uuid } },
    };
    const { inputs } = toSaveRequest('T', withUuid);
    expect(inputs).toHaveLength(2);
    expect(inputs[0]).toMatchObject({
      id: uuid,
      label: 'Story',
      page: 1,
      rectY: 700,
      boxes: [
        { page: 1, rectY: 700 },
        { page: 2, rectY: 50 },
      ],
    });
    expect(inputs[1]).toMatchObject({ label: 'Name' });
    expect(inputs[1]).not.toHaveProperty('id');
  });

  it('saves the style set on a later box of a linked-text chain', () => {
    const { doc, ids } = docWith([
      { set: { type: 'linked_text', label: 'Story' } },
      { page: 2, set: { type: 'linked_text', label: 'Story', order: 2 } },
    ]);
    const restyled = configureBox(doc, {
      id: ids[1]!,
      settings: { fontSize: 22, fontFamily: 'timesnewroman', textAlign: 'center' },
    });
    const styled = configureBox(restyled, { id: ids[1]!, settings: { fontColor: '#aa0000' } });
    expect(toSaveRequest('T', styled).inputs).toEqual([
      expect.objectContaining({
        label: 'Story',
        fontSize: 22,
        fontFamily: 'timesnewroman',
        textAlign: 'center',
        fontColor: '#aa0000',
      }),
    ]);
  });

  it('reads a linked-text field back as one box per entry, and saves it unchanged', () => {
    const input: TemplateInput = {
      id: uuid,
      page: 1,
      rectX: 50,
      rectY: 300,
      rectWidth: 300,
      rectHeight: 20,
      label: 'Notes',
      type: 'LINKED_TEXT',
      fontSize: 12,
      fontFamily: 'courier',
      textAlign: 'center',
      fontColor: '#ff0000',
      boxes: [
        { page: 1, rectX: 50, rectY: 300, rectWidth: 300, rectHeight: 20 },
        { page: 2, rectX: 50, rectY: 100, rectWidth: 300, rectHeight: 20 },
      ],
    };
    const doc = toDocument({ inputs: [input] });
    expect(doc.order).toEqual([uuid, `${uuid}/2`]);
    expect(doc.boxes[`${uuid}/2` as BoxId]).toMatchObject({
      fieldId: uuid,
      order: 2,
      type: 'linked_text',
    });
    const [saved] = toSaveRequest('T', doc).inputs;
    expect(saved).toMatchObject({ id: uuid, fieldType: 'linked_text', boxes: input.boxes });
  });

  it("keeps an imported field's description through a renaming save", () => {
    const description = "Spouse's social security number. Enter it as shown on the card.";
    const doc = toDocument({
      inputs: [
        {
          id: uuid,
          page: 1,
          rectX: 1,
          rectY: 2,
          rectWidth: 3,
          rectHeight: 4,
          label: "Spouse's social security number",
          description,
          type: 'TEXT',
          fontSize: 12,
          fontFamily: 'helvetica',
          textAlign: 'left',
          fontColor: '#000000',
        },
      ],
    });
    const renamed = configureBox(doc, { id: uuid as BoxId, settings: { label: 'Spouse SSN' } });
    expect(toSaveRequest('T', renamed).inputs[0]).toMatchObject({
      label: 'Spouse SSN',
      description,
    });
  });

  it("keeps an imported field's default and fixed flag through a save", () => {
    const input: TemplateInput = {
      id: uuid,
      page: 1,
      rectX: 72,
      rectY: 60,
      rectWidth: 240,
      rectHeight: 20,
      label: 'Approval',
      type: 'TEXT',
      fontSize: 12,
      fontFamily: 'helvetica',
      textAlign: 'left',
      fontColor: '#000000',
      default: 'Approved Form for Filing',
      fixed: true,
    };
    const [saved] = toSaveRequest('T', toDocument({ inputs: [input] })).inputs;
    expect(saved).toEqual({ ...input, type: undefined, fieldType: 'text' });
  });

  it('keeps a saved UUID for a plain field', () => {
    const doc = toDocument({
      inputs: [
        {
          id: uuid,
          page: 1,
          rectX: 1,
          rectY: 2,
          rectWidth: 3,
          rectHeight: 4,
          label: 'A',
          type: 'CHECKBOX',
          fontSize: 14,
          fontFamily: 'arial',
          textAlign: 'left',
          fontColor: '#000000',
        },
      ],
    });
    const renamed = configureBox(doc, { id: uuid as BoxId, settings: { label: 'B' } });
    expect(toSaveRequest('T', renamed).inputs[0]).toMatchObject({
      id: uuid,
      label: 'B',
      fieldType: 'checkbox',
    });
  });

  it("keeps a choice field's options, with their boxes, and its rotation through a save", () => {
    const options = [
      {
        value: 's',
        label: 'Small',
        box: { page: 1, rectX: 10, rectY: 10, rectWidth: 9, rectHeight: 9 },
      },
      {
        value: 'l',
        label: 'Large',
        box: { page: 1, rectX: 30, rectY: 10, rectWidth: 9, rectHeight: 9 },
      },
    ];
    const input: TemplateInput = {
      id: uuid,
      page: 1,
      rectX: 10,
      rectY: 10,
      rectWidth: 9,
      rectHeight: 9,
      label: 'Size',
      type: 'CHOICE',
      fontSize: 12,
      fontFamily: 'helvetica',
      textAlign: 'left',
      fontColor: '#000000',
      options,
      rotation: 90,
    };
    const [sent] = toSaveRequest('Order', toDocument({ inputs: [input] })).inputs;
    expect(sent).toMatchObject({ fieldType: 'choice', options, rotation: 90 });
  });

  it('sends an option whose text was left blank with its value as text', () => {
    const { doc } = docWith([
      { set: { type: 'choice', label: 'Colour', options: [{ value: ' red ', label: ' ' }] } },
    ]);
    expect(toSaveRequest('Order', doc).inputs[0]?.options).toEqual([
      { value: 'red', label: 'red' },
    ]);
  });
});
