import { describe, expect, it } from 'vitest';
import { createFileNamer } from './file-names.ts';

describe('createFileNamer', () => {
  it('fills labels and the position from 1', () => {
    const name = createFileNamer('invoice-{number}-{index}.pdf');
    expect(name(0, { number: 'A17' })).toBe('invoice-A17-1.pdf');
  });

  it('numbers the documents when there is no pattern', () => {
    const name = createFileNamer(null);
    expect([name(0, {}), name(1, {})]).toEqual(['document-1.pdf', 'document-2.pdf']);
  });

  it('keeps every name inside the folder: separators and dots cannot climb out', () => {
    const name = createFileNamer('{who}.pdf');
    expect(name(0, { who: '../../etc/passwd' })).toBe('_.._etc_passwd.pdf');
    expect(name(1, { who: 'C:\\x' })).toBe('C__x.pdf');
    expect(name(2, { who: '..' })).toBe('document-3.pdf');
  });

  it('makes equal names unique, ignoring case', () => {
    const name = createFileNamer('{n}');
    expect([name(0, { n: 'a' }), name(1, { n: 'A' }), name(2, { n: 'a' })]).toEqual([
      'a.pdf',
      'A-2.pdf',
      'a-3.pdf',
    ]);
  });

  it('reads only the values own labels, and prints lists and numbers', () => {
    const name = createFileNamer('{constructor}-{list}-{n}');
    expect(name(0, { list: ['x', 'y'], n: 3 })).toBe('-x y-3.pdf');
  });
});
