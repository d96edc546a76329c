import { describe, expect, it } from 'vitest';
import { decodeText, isJsonFile, readCsv, readJson } from './batch-file.ts';

describe('a CSV batch file', () => {
  it('names columns by its header row and numbers rows as a spreadsheet does', () => {
    const table = readCsv('\uFEFFName, Total\nAda,12\n\nGrace,"1,5"\n');
    expect(table).toEqual({
      columns: ['Name', 'Total'],
      rows: [
        { row: 2, values: { Name: 'Ada', Total: '12' } },
        { row: 4, values: { Name: 'Grace', Total: '1,5' } },
      ],
      rowErrors: [],
    });
  });

  it('reads semicolon-separated files and quoted line breaks', () => {
    const table = readCsv('Name;Note\nAda;"two\nlines"\nGrace;x');
    expect(table).toMatchObject({
      columns: ['Name', 'Note'],
      rows: [
        { row: 2, values: { Name: 'Ada', Note: 'two\nlines' } },
        { row: 3, values: { Name: 'Grace', Note: 'x' } },
      ],
    });
  });

  it('fills the missing cells of a short row with blanks and refuses extra cells', () => {
    const table = readCsv('A,B\n1\n1,2,3\n1,2,');
    expect(table).toMatchObject({
      rows: [
        { row: 2, values: { A: '1', B: '' } },
        { row: 3, values: { A: '1', B: '2' } },
        { row: 4, values: { A: '1', B: '2' } },
      ],
      rowErrors: [{ row: 3, reason: 'It has 3 cells and the header names 2 columns.' }],
    });
  });

  it('says when there is no header row', () => {
    expect(readCsv('')).toEqual({
      fileError: 'The file has no header row: its first row must name the fields.',
    });
  });
});

describe('a JSON batch file', () => {
  it('takes an array of objects (or a batch body with items), row n being the n-th object', () => {
    expect(readJson('[{"Name":"Ada","Paid":true},{"Total":3}]')).toEqual({
      columns: ['Name', 'Paid', 'Total'],
      rows: [
        { row: 1, values: { Name: 'Ada', Paid: true } },
        { row: 2, values: { Total: 3 } },
      ],
      rowErrors: [],
    });
    expect(readJson('{"items":[{"Name":"Ada"}]}')).toMatchObject({ columns: ['Name'] });
  });

  it('refuses what is not JSON or not an array of objects', () => {
    expect(readJson('[{"a":1}')).toEqual({ fileError: 'The file is not valid JSON.' });
    expect(readJson('{"a":1}')).toEqual({
      fileError: 'The JSON file must hold an array of objects, one per document.',
    });
    expect(readJson('[{"a":1}, 2]')).toMatchObject({
      rowErrors: [{ row: 2, reason: 'It is not an object of values by field label.' }],
    });
  });
});

describe('the text of a batch file', () => {
  it('is read as UTF-8, or as Windows-1252 when it is not valid UTF-8', () => {
    expect(decodeText(new TextEncoder().encode('Zoë'))).toBe('Zoë');
    expect(decodeText(new Uint8Array([0x5a, 0x6f, 0xeb]))).toBe('Zoë');
  });

  it('is JSON when named .json or opening with a bracket', () => {
    expect([
      isJsonFile('rows.JSON', 'x'),
      isJsonFile('rows.txt', ' [{}]'),
      isJsonFile('rows.csv', 'a,b'),
    ]).toEqual([true, true, false]);
  });
});
