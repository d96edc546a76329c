import { describe, expect, it } from 'vitest';
import { diffFields, type DiffableField } from './field-diff.ts';

const field = (id: string, label: string, more: Partial<DiffableField> = {}): DiffableField => ({
  id,
  label,
  type: 'TEXT',
  page: 1,
  rectX: 10,
  rectY: 20,
  rectWidth: 100,
  rectHeight: 20,
  ...more,
});

describe('diffFields', () => {
  it('names renames, type changes and removals as breaking, moves and additions not', () => {
    const before = [field('a', 'Name'), field('b', 'Paid'), field('c', 'City')];
    const after = [
      field('a', 'Full name', { rectX: 40 }),
      field('b', 'Paid', { type: 'CHECKBOX', rectWidth: 20 }),
      field('d', 'Zip', { rectY: 300 }),
    ];
    expect(diffFields(before, after)).toEqual([
      { kind: 'added', label: 'Zip', type: 'TEXT', breaking: false },
      { kind: 'renamed', label: 'Full name', previousLabel: 'Name', type: 'TEXT', breaking: true },
      { kind: 'moved', label: 'Full name', type: 'TEXT', breaking: false },
      {
        kind: 'typeChanged',
        label: 'Paid',
        type: 'CHECKBOX',
        previousType: 'TEXT',
        breaking: true,
      },
      { kind: 'resized', label: 'Paid', type: 'CHECKBOX', breaking: false },
      { kind: 'removed', label: 'City', type: 'TEXT', breaking: true },
    ]);
  });

  it('names a barcode whose symbology changed as breaking, its other options not', () => {
    const code = (symbology: string, quietZone?: boolean) => {
      const barcode = { symbology, quietZone }; // the diff reads only the symbology
      return field('a', 'Code', { type: 'BARCODE', barcode });
    };
    expect(diffFields([code('ean13')], [code('code128')])).toEqual([
      {
        kind: 'symbologyChanged',
        label: 'Code',
        type: 'BARCODE',
        previousSymbology: 'ean13',
        symbology: 'code128',
        breaking: true,
      },
    ]);
    expect(diffFields([code('qrcode', true)], [code('qrcode', false)])).toEqual([]);
  });

  it('names a field that now prints a template as breaking, a template taken away not', () => {
    const greeting = field('g', 'Greeting', { template: 'Dear {Name},' });
    expect(diffFields([field('g', 'Greeting')], [greeting])).toEqual([
      { kind: 'becameTemplate', label: 'Greeting', type: 'TEXT', breaking: true },
    ]);
    expect(diffFields([greeting], [field('g', 'Greeting', { template: 'Hi {Name}' })])).toEqual([]);
    expect(diffFields([greeting], [])).toEqual([
      { kind: 'removed', label: 'Greeting', type: 'TEXT', breaking: false },
    ]);
  });

  it('names the columns a table lost or renamed as breaking, columns added not', () => {
    const lines = (...labels: string[]) =>
      field('t', 'Lines', {
        type: 'TABLE',
        table: { columns: labels.map((label) => ({ label })) },
      });
    expect(diffFields([lines('Item', 'Qty', 'Price')], [lines('Item', 'Amount')])).toEqual([
      {
        kind: 'columnsRemoved',
        label: 'Lines',
        type: 'TABLE',
        removedColumns: ['Qty', 'Price'],
        breaking: true,
      },
    ]);
    expect(diffFields([lines('Item')], [lines('Item', 'Qty')])).toEqual([]);
  });

  it('takes a field drawn again on the same box under a new label for a rename', () => {
    expect(diffFields([field('a', 'Name')], [field('z', 'Surname')])).toEqual([
      { kind: 'renamed', label: 'Surname', previousLabel: 'Name', type: 'TEXT', breaking: true },
    ]);
  });
});

const size = (values: string[]): DiffableField => ({
  id: 'f1',
  label: 'Size',
  type: 'choice',
  page: 1,
  rectX: 10,
  rectY: 10,
  rectWidth: 100,
  rectHeight: 20,
  options: values.map((value) => ({ value, label: value.toUpperCase() })),
});

describe('diffFields: choice options', () => {
  it('calls taking options away breaking, naming them, and adding options harmless', () => {
    expect(diffFields([size(['s', 'm', 'l'])], [size(['s', 'l', 'xl'])])).toEqual([
      {
        kind: 'optionsRemoved',
        label: 'Size',
        type: 'choice',
        removedOptions: ['m'],
        breaking: true,
      },
    ]);
    expect(diffFields([size(['s'])], [size(['s', 'm'])])).toEqual([]);
  });
});
