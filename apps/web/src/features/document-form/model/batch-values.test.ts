import { describe, expect, it } from 'vitest';
import { batchFields, readCell, type BatchField } from './batch-values.ts';

const field = (kind: BatchField['kind'], options: BatchField['options'] = []): BatchField => ({
  label: 'F',
  kind,
  options,
});
const sizes = [
  { value: 's', label: 'Small' },
  { value: 'm', label: 'Medium' },
];

describe('a batch cell read for its field', () => {
  it.each([
    ['number', '1234.5', '1234.5'],
    ['number', ' -3 ', '-3'],
    ['number', '1e3', '1e3'],
    ['number', '12345678901234567890123.45', '12345678901234567890123.45'],
    ['number', 42, 42],
    ['date', '2026-02-28', '2026-02-28'],
    ['checkbox', 'TRUE', true],
    ['checkbox', 'yes', true],
    ['checkbox', '1', true],
    ['checkbox', 'No', false],
    ['checkbox', '0', false],
    ['checkbox', false, false],
    ['image', 'https://example.com/logo.png', 'https://example.com/logo.png'],
    ['image', 'data:image/png;base64,iVBOR', 'data:image/png;base64,iVBOR'],
    ['text', '  spaced  ', '  spaced  '],
    ['text', 12, '12'],
    ['email', 'not checked', 'not checked'],
  ] as const)('a %s field takes %j as %j', (kind, raw, value) => {
    expect(readCell(field(kind), raw)).toEqual({ value });
  });

  it.each([
    ['number', '12,5', '"12,5" is not a number (write it like 1234.5)'],
    ['number', 'ten', '"ten" is not a number (write it like 1234.5)'],
    ['date', '31.01.2026', '"31.01.2026" is not a date written yyyy-mm-dd'],
    ['date', '2026-02-30', '"2026-02-30" is not a date written yyyy-mm-dd'],
    ['checkbox', 'maybe', '"maybe" is not true/false, yes/no or 1/0'],
    ['image', 'http://example.com/a.png', 'is not an https:// URL or a data: URL of a picture'],
    ['image', 'logo.png', 'is not an https:// URL or a data: URL of a picture'],
  ] as const)('a %s field refuses %j', (kind, raw, reason) => {
    expect(readCell(field(kind), raw)).toEqual({ reason });
  });

  it('leaves a blank checked cell empty and keeps a blank text as it is', () => {
    expect(
      ['number', 'date', 'checkbox', 'choice', 'image'].map((k) =>
        readCell(field(k as BatchField['kind']), ' '),
      ),
    ).toEqual(Array(5).fill({ value: null }));
    expect(readCell(field('text'), '')).toEqual({ value: '' });
    expect(readCell(field('number'), null)).toEqual({ value: null });
  });

  it("takes a choice's value, or its label for the value, and names the options otherwise", () => {
    expect(readCell(field('choice', sizes), 'm')).toEqual({ value: 'm' });
    expect(readCell(field('choice', sizes), 'Small')).toEqual({ value: 's' });
    expect(readCell(field('choice', sizes), 'XL')).toEqual({
      reason: '"XL" is not one of its options: s, m',
    });
    const many = 'abcdefg'.split('').map((value) => ({ value, label: value }));
    expect(readCell(field('choice', many), 'z')).toEqual({
      reason: '"z" is not one of its options: a, b, c, d, e (and 2 more)',
    });
  });

  it('takes a list of texts, one per box, for a linked-text field and nothing else', () => {
    const linked = { ...field('text'), isList: true };
    expect(readCell(linked, ['first box', 2])).toEqual({ value: ['first box', '2'] });
    expect(readCell(linked, 'one text for all boxes')).toEqual({
      value: 'one text for all boxes',
    });
    expect(readCell(linked, ['a', { b: 1 }])).toEqual({
      reason: 'is a list with a list or an object in it, not one text per box',
    });
  });

  it("reads a table's rows from a CSV cell of JSON text, or a JSON file's list as it is", () => {
    const table = { ...field('table'), isList: true };
    const rows = [{ Item: 'Paper', Qty: 2 }, { Item: 'Ink' }];
    expect(readCell(table, JSON.stringify(rows))).toEqual({ value: rows });
    expect(readCell(table, rows)).toEqual({ value: rows });
    expect(readCell(table, '  ')).toEqual({ value: null });
    const reason = 'is not a JSON list of rows, like [{"Item": "Paper", "Qty": 2}]';
    expect(readCell(table, 'Paper, 2')).toEqual({ reason });
    expect(readCell(table, '["Paper"]')).toEqual({ reason });
    expect(readCell(table, '{"Item": "Paper"}')).toEqual({ reason });
  });

  it('refuses lists and objects for any other field', () => {
    expect(readCell(field('text'), ['a'])).toEqual({
      reason: 'is a list or an object, not a single value',
    });
    expect(readCell(field('number'), { n: 1 })).toHaveProperty('reason');
  });
});

describe('the columns of a batch file', () => {
  it("are the form's fields with their kinds, choice fields with their options", () => {
    expect(batchFields({ Name: 'text', Size: 'choice' }, { Size: sizes })).toEqual([
      { label: 'Name', kind: 'text', options: [] },
      { label: 'Size', kind: 'choice', options: sizes },
    ]);
  });

  it('mark the fields the form edits as a list', () => {
    expect(batchFields({ Notes: 'text' }, {}, ['Notes'])).toEqual([
      { label: 'Notes', kind: 'text', options: [], isList: true },
    ]);
  });
});
