import type { TemplateInput } from '@platen/contract';
import { describe, expect, it } from 'vitest';
import { configureBox } from '../model/commands.ts';
import type { BoxId } from '../model/editor-state.ts';
import { docWith } from '../../../../test/editor-documents.ts';
import { toDocument, toSaveRequest } from './to-save-request.ts';

const uuid = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';

/** What each field kind keeps through the editor and a save, and drops when its type changes. */
describe('the save mapper, kind by kind', () => {
  it("keeps a barcode's symbology and options, and drops them when its type changes", () => {
    const input: TemplateInput = {
      id: uuid,
      page: 1,
      rectX: 72,
      rectY: 60,
      rectWidth: 120,
      rectHeight: 120,
      label: 'Payment',
      type: 'BARCODE',
      fontSize: 14,
      fontFamily: 'helvetica',
      textAlign: 'left',
      fontColor: '#1a5fb4',
      barcode: { symbology: 'qrcode', errorCorrection: 'H', quietZone: false },
    };
    const doc = toDocument({ inputs: [input] });
    const [saved] = toSaveRequest('T', doc).inputs;
    expect(saved).toEqual({ ...input, type: undefined, fieldType: 'barcode' });
    const asText = configureBox(doc, { id: uuid as BoxId, settings: { type: 'text' } });
    expect(toSaveRequest('T', asText).inputs[0]).not.toHaveProperty('barcode');
  });

  it("keeps a field's language through a save, and drops it when the field no longer prints text", () => {
    const input: TemplateInput = {
      id: uuid,
      page: 1,
      rectX: 72,
      rectY: 60,
      rectWidth: 240,
      rectHeight: 20,
      label: 'Address',
      type: 'TEXT',
      fontSize: 12,
      fontFamily: 'helvetica',
      textAlign: 'left',
      fontColor: '#000000',
      language: 'zh-Hant',
    };
    const doc = toDocument({ inputs: [input] });
    const [saved] = toSaveRequest('T', doc).inputs;
    expect(saved).toEqual({ ...input, type: undefined, fieldType: 'text' });
    const cleared = configureBox(doc, { id: uuid as BoxId, settings: { language: undefined } });
    expect(toSaveRequest('T', cleared).inputs[0]).not.toHaveProperty('language');
    const ja = configureBox(doc, { id: uuid as BoxId, settings: { language: 'ja' } });
    expect(toSaveRequest('T', ja).inputs[0]?.language).toBe('ja');
    const ticked = configureBox(doc, { id: uuid as BoxId, settings: { type: 'checkbox' } });
    expect(toSaveRequest('T', ticked).inputs[0]).not.toHaveProperty('language');
  });

  it('sets one language for every box of a linked-text chain', () => {
    const chain = { type: 'linked_text' as const, label: 'Story' };
    const { doc, ids } = docWith([
      { set: { ...chain, order: 1 } },
      { y: 200, set: { ...chain, order: 2 } },
    ]);
    const set = configureBox(doc, { id: ids[1]!, settings: { language: 'th' } });
    expect(set.boxes[ids[0]!]?.language).toBe('th');
    expect(toSaveRequest('T', set).inputs[0]?.language).toBe('th');
  });

  it("keeps a text field's template, and drops it when the type no longer takes one", () => {
    const input: TemplateInput = {
      id: uuid,
      page: 1,
      rectX: 72,
      rectY: 60,
      rectWidth: 300,
      rectHeight: 20,
      label: 'Greeting',
      type: 'TEXT',
      fontSize: 14,
      fontFamily: 'helvetica',
      textAlign: 'left',
      fontColor: '#000000',
      template: 'Dear {First name},',
    };
    const doc = toDocument({ inputs: [input] });
    const [saved] = toSaveRequest('T', doc).inputs;
    expect(saved).toEqual({ ...input, type: undefined, fieldType: 'text' });
    const asDate = configureBox(doc, { id: uuid as BoxId, settings: { type: 'date' } });
    expect(toSaveRequest('T', asDate).inputs[0]).not.toHaveProperty('template');
  });

  it("keeps an image field's signature mark, and drops it when the type changes", () => {
    const input: TemplateInput = {
      id: uuid,
      page: 1,
      rectX: 72,
      rectY: 600,
      rectWidth: 200,
      rectHeight: 60,
      label: 'Signature',
      type: 'IMAGE',
      fontSize: 14,
      fontFamily: 'helvetica',
      textAlign: 'left',
      fontColor: '#000000',
      signature: true,
    };
    const doc = toDocument({ inputs: [input] });
    const [saved] = toSaveRequest('T', doc).inputs;
    expect(saved).toEqual({ ...input, type: undefined, fieldType: 'image' });
    const asText = configureBox(doc, { id: uuid as BoxId, settings: { type: 'text' } });
    expect(toSaveRequest('T', asText).inputs[0]).not.toHaveProperty('signature');
  });

  it("keeps a table's columns and a field's repeat flag, and drops the columns when its type changes", () => {
    const table: TemplateInput = {
      id: uuid,
      page: 1,
      rectX: 40,
      rectY: 150,
      rectWidth: 500,
      rectHeight: 300,
      label: 'Lines',
      type: 'TABLE',
      fontSize: 10,
      fontFamily: 'helvetica',
      textAlign: 'left',
      fontColor: '#000000',
      table: { columns: [{ label: 'Item', widthShare: 3, align: 'left' }], headerRow: true },
    };
    const total: TemplateInput = {
      ...table,
      id: '4b1e8a3c-9f2d-4e5a-8b7c-1d2e3f4a5b6c',
      rectY: 500,
      rectHeight: 20,
      label: 'Total',
      type: 'TEXT',
      table: undefined,
      repeatOnContinuedPages: false,
    };
    const doc = toDocument({ inputs: [table, total] });
    const saved = toSaveRequest('T', doc).inputs;
    expect(saved[0]).toEqual({ ...table, type: undefined, fieldType: 'table' });
    expect(saved[1]).toMatchObject({ label: 'Total', repeatOnContinuedPages: false });
    expect(saved[1]).not.toHaveProperty('table');
    const asText = configureBox(doc, { id: uuid as BoxId, settings: { type: 'text' } });
    expect(toSaveRequest('T', asText).inputs[0]).not.toHaveProperty('table');
  });
});
