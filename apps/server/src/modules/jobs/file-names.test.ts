import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileNamer, createUniqueNamer, MAX_NAME_BYTES, safeFileBase } from './file-names.ts';
import { createStoredZip } from './stored-zip.ts';
import { hasUnzip } from '../../../../../test-fixtures/command-line-tools.ts';

const bytesOf = (name: string) => Buffer.byteLength(name, 'utf8');

/** Names the values one after another, as a batch names its items. */
const namesOf = (pattern: string, values: Record<string, unknown>[]) => {
  const name = createFileNamer(pattern);
  return values.map((value, index) => name(index, value));
};

/** Whether no two names are equal ignoring case, as on Windows and macOS. */
const uniqueIgnoringCase = (names: string[]) =>
  new Set(names.map((name) => name.toLowerCase())).size === names.length;

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

  it('does not hand out a name twice when a value looks like a name the suffix made', () => {
    const values = ['dup', 'dup', 'DUP', 'dup-2'].map((n) => ({ n }));
    expect(namesOf('{n}', values)).toEqual(['dup.pdf', 'dup-2.pdf', 'DUP-3.pdf', 'dup-2-2.pdf']);
    const reversed = ['dup-2', 'DUP', 'dup', 'Dup-2'].map((n) => ({ n }));
    expect(namesOf('{n}', reversed)).toEqual(['dup-2.pdf', 'DUP.pdf', 'dup-3.pdf', 'Dup-2-2.pdf']);
  });

  it('finds names equal that differ only in invisible characters or Unicode form', () => {
    const values = ['ab', 'a\u200bb', '\u00e9', 'e\u0301', 'STRASSE', 'straße'].map((n) => ({ n }));
    const names = namesOf('{n}', values);
    expect(names).toEqual([
      'ab.pdf',
      'ab-2.pdf',
      'é.pdf',
      'é-2.pdf',
      'STRASSE.pdf',
      'straße-2.pdf',
    ]);
  });

  it('keeps a name within 200 bytes of UTF-8, cut between whole characters, with .pdf', () => {
    const emoji = '😀'.repeat(90);
    const flags = '🇩🇪'.repeat(60);
    const accents = 'x\u0301\u0302'.repeat(80);
    const names = namesOf(
      '{n}',
      [emoji, emoji, flags, accents, 'x'.repeat(500)].map((n) => ({ n })),
    );
    for (const name of names) {
      expect(bytesOf(name), name).toBeLessThanOrEqual(MAX_NAME_BYTES);
      expect(bytesOf(name), name).toBeGreaterThan(MAX_NAME_BYTES - 10);
      expect(name).toMatch(/\.pdf$/);
    }
    expect(names[0]).toMatch(/^(?:😀)+\.pdf$/u);
    expect(names[1]).toMatch(/^(?:😀)+-2\.pdf$/u);
    // A flag is two regional indicators: never one alone.
    expect(names[2]).toMatch(/^(?:🇩🇪)+\.pdf$/u);
    expect(names[3]).toMatch(/^(?:x\u0301\u0302)+\.pdf$/u);
    expect(uniqueIgnoringCase(names)).toBe(true);
  });

  it('cuts between code points when one character alone is longer than a name may be', () => {
    const [name] = namesOf('{n}', [{ n: `x${'\u0301'.repeat(300)}` }]);
    expect(bytesOf(name!)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(name).toMatch(/^x\u0301+\.pdf$/u);
  });

  it.each([
    ['CON', 'CON_.pdf'],
    ['nul', 'nul_.pdf'],
    ['Aux', 'Aux_.pdf'],
    ['prn.backup', 'prn_.backup.pdf'],
    ['com1', 'com1_.pdf'],
    ['COM9.tar', 'COM9_.tar.pdf'],
    ['lpt5', 'lpt5_.pdf'],
    ['LPT¹', 'LPT¹_.pdf'],
    ['CON. . ', 'CON_.pdf'],
  ])('gives the Windows device name %j a suffix: %s', (value, expected) => {
    expect(namesOf('{n}', [{ n: value }])).toEqual([expected]);
  });

  it.each(['CONSOLE', 'COM10', 'nullable', 'lpt'])(
    'leaves %j alone, which only starts like a device name',
    (value) => {
      expect(namesOf('{n}', [{ n: value }])).toEqual([`${value}.pdf`]);
    },
  );

  it('removes trailing dots and spaces, and replaces characters Windows refuses', () => {
    expect(namesOf('{n}', [{ n: 'name. . ' }])).toEqual(['name.pdf']);
    const hostile = 'a<b>c:d"e/f\\g|h?i*j\u0001k\u007fl\u0085m\u2028n';
    expect(namesOf('{n}', [{ n: hostile }])).toEqual(['a_b_c_d_e_f_g_h_i_j_k_l_m_n.pdf']);
  });

  it('removes bidi controls and zero-width characters', () => {
    expect(namesOf('{n}', [{ n: 'invoice\u202efdp.exe' }])).toEqual(['invoicefdp.exe.pdf']);
    const invisible =
      '\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200b\u200c\u200d\u2060\ufeff';
    expect(namesOf('{n}', [{ n: `a${invisible}b` }, { n: invisible }])).toEqual([
      'ab.pdf',
      'document-2.pdf',
    ]);
  });

  it('reads only the values own labels, and prints lists and numbers', () => {
    const name = createFileNamer('{constructor}-{list}-{n}');
    expect(name(0, { list: ['x', 'y'], n: 3 })).toBe('-x y-3.pdf');
  });
});

describe('safeFileBase and createUniqueNamer, as the account export names its folders', () => {
  it('makes folder names safe, short and unique ignoring case', () => {
    const folder = createUniqueNamer('');
    const names = ['a?', 'a*', 'A_-2', 'con', '😀'.repeat(100)].map((name) =>
      folder(safeFileBase(name)),
    );
    expect(names.slice(0, 4)).toEqual(['a_', 'a_-2', 'A_-2-2', 'con_']);
    expect(bytesOf(names[4]!)).toBeLessThanOrEqual(MAX_NAME_BYTES);
  });
});

/** Info-ZIP's unzip, the reader most people unpack with on Linux and macOS. */

const folder = mkdtempSync(join(tmpdir(), 'platen-names-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe.runIf(hasUnzip)('a ZIP of documents with hostile names, unpacked by unzip', () => {
  it('lists and unpacks every document under its own name', () => {
    const hostile = [
      'dup',
      'dup',
      'DUP',
      'dup-2',
      '😀'.repeat(90),
      '😀'.repeat(90),
      'CON',
      'nul',
      'invoice\u202efdp.exe',
      'trailing. . ',
      'a<b>c:d"e/f\\g|h?i*j\u0001k',
      '../../escape',
      '🇩🇪'.repeat(60),
    ];
    const names = namesOf(
      '{n}',
      hostile.map((n) => ({ n })),
    );
    expect(uniqueIgnoringCase(names)).toBe(true);
    const zip = createStoredZip();
    const chunks = names.flatMap((name, index) => zip.add(name, Buffer.from(`document ${index}`)));
    const archive = join(folder, 'hostile.zip');
    writeFileSync(archive, Buffer.concat([...chunks, zip.end()]));

    const listed = spawnSync('unzip', ['-l', archive], { encoding: 'utf8' });
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(`${names.length} files`);

    const into = join(folder, 'unpacked');
    mkdirSync(into);
    // -n: never overwrite, so two entries with one name would leave one file, not ask.
    const unpacked = spawnSync('unzip', ['-n', archive, '-d', into], { encoding: 'utf8' });
    expect(unpacked.status, `${unpacked.stdout}${unpacked.stderr}`).toBe(0);
    expect(readdirSync(into).sort()).toEqual([...names].sort());
    for (const [index, name] of names.entries()) {
      expect(readFileSync(join(into, name), 'utf8')).toBe(`document ${index}`);
    }
  });
});
