import type { FieldChange } from '@platen/contract';
import { describe, expect, it } from 'vitest';
import { breakingFirst, describeChange, summarizeChanges } from './version-changes.ts';

const change = (kind: FieldChange['kind'], more: Partial<FieldChange> = {}): FieldChange => ({
  kind,
  label: 'Name',
  type: 'TEXT',
  breaking: ['removed', 'renamed', 'typeChanged'].includes(kind),
  ...more,
});

describe('version changes in words', () => {
  it('says what a breaking change does to integrations, and nothing for a harmless one', () => {
    expect(describeChange(change('renamed', { previousLabel: 'Full name' }))).toEqual({
      text: 'Renamed "Full name" to "Name"',
      impact: 'Values sent as "Full name" will be ignored until integrations send "Name".',
    });
    expect(
      describeChange(change('typeChanged', { type: 'checkbox', previousType: 'TEXT' })),
    ).toEqual({
      text: '"Name" is now Checkbox (was Small Text)',
      impact: 'Values sent for the old type may be refused or printed differently.',
    });
    expect(describeChange(change('added', { type: 'LONG_TEXT' }))).toEqual({
      text: 'Added "Name" (Long Text)',
    });
    const symbology = { type: 'BARCODE', previousSymbology: 'ean13', symbology: 'code128' };
    expect(describeChange(change('symbologyChanged', symbology))).toEqual({
      text: '"Name" now prints Code 128 (was EAN-13)',
      impact: 'Data sent for the EAN-13 may be refused.',
    });
    expect(describeChange(change('becameTemplate'))).toEqual({
      text: '"Name" now prints a template of other fields',
      impact: 'It takes no value any more: payloads sending "Name" will be refused.',
    });

    const columns = { type: 'TABLE', removedColumns: ['Qty'] };
    expect(describeChange(change('columnsRemoved', columns))).toEqual({
      text: '"Name" no longer has the column "Qty"',
      impact: 'Rows sending "Qty" in "Name" will be refused.',
    });
  });

  it('summarizes a version with breaking kinds first, saying "(breaking)" only of them', () => {
    const changes = [change('added'), change('moved'), change('added'), change('removed')];
    expect(summarizeChanges(changes)).toBe('1 removed (breaking) · 2 added · 1 moved');
    expect(summarizeChanges([change('added'), change('renamed')])).toBe(
      '1 renamed (breaking) · 1 added',
    );
    expect(summarizeChanges([])).toBe('No field changes');
    expect(breakingFirst(changes)[0]?.kind).toBe('removed');
  });
});
