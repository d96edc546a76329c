import { describe, expect, it } from 'vitest';
import { MAX_BATCH_BODY_BYTES, MAX_BATCH_ITEMS } from '@platen/contract';
import { checkBatch as checkWithLimits, hasErrors } from './batch-check.ts';
import { readCsv, readJson, type BatchTable } from './batch-file.ts';
import type { BatchField } from './batch-values.ts';

const limits = { maxItems: MAX_BATCH_ITEMS, maxBodyBytes: MAX_BATCH_BODY_BYTES };
const checkBatch = (table: Parameters<typeof checkWithLimits>[0], f: readonly BatchField[]) =>
  checkWithLimits(table, f, limits);

const fields: BatchField[] = [
  { label: 'Name', kind: 'text', options: [] },
  { label: 'Total', kind: 'number', options: [] },
  { label: 'Due', kind: 'date', options: [] },
  { label: 'Paid', kind: 'checkbox', options: [] },
];

describe('a batch file checked against the fields', () => {
  it('turns good rows into typed items and sends the missing fields empty', () => {
    const check = checkBatch(readCsv('Name,Total,Paid\nAda,12.5,yes\nGrace,,no'), fields);
    expect(hasErrors(check)).toBe(false);
    expect(check.items).toEqual([
      { Name: 'Ada', Total: '12.5', Due: null, Paid: true },
      { Name: 'Grace', Total: null, Due: null, Paid: false },
    ]);
    expect(check.rowNumbers).toEqual([2, 3]);
    expect(check.missingColumns).toEqual(['Due']);
  });

  it('lists each wrong cell with its row as in the file, its column and the reason', () => {
    const check = checkBatch(
      readCsv('Name,Total,Due\nAda,12,2026-01-31\n\nGrace,twelve,31/01/2026'),
      fields,
    );
    expect(hasErrors(check)).toBe(true);
    expect(check.rowErrors).toEqual([
      { row: 4, column: 'Total', reason: '"twelve" is not a number (write it like 1234.5)' },
      { row: 4, column: 'Due', reason: '"31/01/2026" is not a date written yyyy-mm-dd' },
    ]);
    expect(check.rowErrorCount).toBe(2);
  });

  it('names the columns that are not fields', () => {
    const check = checkBatch(readCsv('Name,Totl,Colour\nAda,1,red'), fields);
    expect(check.fileErrors).toEqual([
      'These columns are not fields of the template: "Totl", "Colour". The header row names fields by their labels: "Name", "Total", "Due", "Paid".',
    ]);
    expect(hasErrors(check)).toBe(true);
  });

  it('keeps the first 50 row errors and counts them all', () => {
    const rows = Array.from({ length: 120 }, (_, i) => `P${i},x`).join('\n');
    const check = checkBatch(readCsv(`Name,Total\n${rows}`), fields);
    expect(check.rowErrors).toHaveLength(50);
    expect(check.rowErrors[49]?.row).toBe(51);
    expect(check.rowErrorCount).toBe(120);
  });

  it('refuses a file without rows, more rows than a batch holds, and columns twice', () => {
    expect(checkBatch(readCsv('Name\n'), fields).fileErrors).toEqual([
      'The file has no rows to fill.',
    ]);
    const many: BatchTable = {
      columns: ['Name'],
      rows: Array.from({ length: MAX_BATCH_ITEMS + 1 }, (_, i) => ({
        row: i + 2,
        values: { Name: 'x' },
      })),
      rowErrors: [],
    };
    expect(checkBatch(many, fields).fileErrors).toEqual([
      'The file has 10,001 rows; a batch holds at most 10,000.',
    ]);
    expect(checkBatch(readCsv('Name,Name\na,b'), fields).fileErrors).toEqual([
      'These columns appear more than once: "Name".',
    ]);
  });

  it("reports the file's own errors and an unreadable file", () => {
    expect(checkBatch(readJson('[1]'), fields).rowErrors).toEqual([
      { row: 1, column: null, reason: 'It is not an object of values by field label.' },
    ]);
    expect(checkBatch({ fileError: 'The file is not valid JSON.' }, fields)).toMatchObject({
      fileErrors: ['The file is not valid JSON.'],
      items: [],
    });
  });

  it('refuses values larger than a batch body may be', () => {
    const check = checkWithLimits(readCsv(`Name\n${'x'.repeat(3 * 1024 ** 2 - 1000)}`), fields, {
      maxItems: 10,
      maxBodyBytes: 2 * 1024 ** 2,
    });
    expect(check.fileErrors).toEqual([
      'The values come to 3 MB; a batch takes at most 2 MB (pictures as https:// URLs take less room than data: URLs).',
    ]);
  });

  it('accepts typed JSON values', () => {
    const check = checkBatch(readJson('[{"Name":"Ada","Total":3,"Paid":false}]'), fields);
    expect(check.items).toEqual([{ Name: 'Ada', Total: 3, Due: null, Paid: false }]);
  });
});
