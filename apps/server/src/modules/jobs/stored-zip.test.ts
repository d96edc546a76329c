import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { unzip } from '../../../test/jobs.ts';
import { createStoredZip, type Zip64Limits } from './stored-zip.ts';
import { hasUnzip } from '../../../../../test-fixtures/command-line-tools.ts';

/** Info-ZIP's unzip, the reader most people unpack with on Linux and macOS. */

const folder = mkdtempSync(join(tmpdir(), 'platen-zip-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const zipOf = (files: [string, Uint8Array][], limits?: Zip64Limits) => {
  const zip = createStoredZip(limits);
  const chunks = files.flatMap(([name, data]) => zip.add(name, data));
  return Buffer.concat([...chunks, zip.end()]);
};

/** `unzip -t` of the archive: its verdict, and the names it tested (CRC checked) in order. */
const unzipTest = (archive: Buffer, file: string) => {
  const path = join(folder, file);
  writeFileSync(path, archive);
  const out = execFileSync('unzip', ['-t', path], { encoding: 'utf8' });
  const tested = [...out.matchAll(/testing: (\S+)\s+OK/g)].map((m) => m[1]);
  return { ok: out.includes(`No errors detected in compressed data of ${path}.`), tested };
};

const documents = (sizes: number[]) =>
  sizes.map((size, i): [string, Uint8Array] => [`document-${i + 1}.pdf`, randomBytes(size)]);

/** The end of central directory record: its entry count, directory size and offset fields. */
const endRecord = (archive: Buffer) => {
  const at = archive.length - 22;
  expect(archive.readUInt32LE(at)).toBe(0x06054b50);
  return {
    entries: archive.readUInt16LE(at + 10),
    size: archive.readUInt32LE(at + 12),
    offset: archive.readUInt32LE(at + 16),
  };
};

describe('a ZIP of stored entries', () => {
  it('holds every document byte for byte, in order, checked by unzip and by fflate', () => {
    const files = documents([75_000, 1, 0, 300_000]);
    const archive = zipOf(files);

    const entries = unzip(archive);
    expect(Object.keys(entries)).toEqual(files.map(([name]) => name));
    for (const [name, data] of files) expect(Buffer.from(entries[name]!).equals(data)).toBe(true);
    expect(endRecord(archive).entries).toBe(4);
    if (hasUnzip) {
      expect(unzipTest(archive, 'plain.zip')).toEqual({
        ok: true,
        tested: files.map(([name]) => name),
      });
    }
  });

  it('writes names as UTF-8 and says so in every header, so unpacking keeps them', () => {
    const names = ['Rechnung Müller.pdf', 'Ωμέγα €.pdf', '請求書.pdf'];
    const archive = zipOf(names.map((name) => [name, Buffer.from(name)]));

    // fflate reads names without flag bit 11 as Latin-1: these would come back garbled.
    expect(Object.keys(unzip(archive))).toEqual(names);
    const local = archive.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const central = archive.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    expect(archive.readUInt16LE(local + 6) & 0x0800).toBe(0x0800);
    expect(archive.readUInt16LE(central + 8) & 0x0800).toBe(0x0800);
    if (hasUnzip) expect(unzipTest(archive, 'names.zip').ok).toBe(true);
  });

  it('makes the same bytes from the same documents (entries carry one fixed time)', () => {
    const files = documents([10, 20]);
    expect(zipOf(files).equals(zipOf(files))).toBe(true);
  });

  it('writes ZIP64 sizes, offsets and counts where the plain fields run out', () => {
    // Limits of 1,000 bytes and 3 entries stand for 4 GiB and 65,535: the first two documents
    // fit the plain fields, the third is too large, the fourth and fifth start too far in.
    const files = documents([100, 200, 1_500, 50, 0]);
    const archive = zipOf(files, { bytes: 1_000, entries: 3 });

    expect(endRecord(archive)).toMatchObject({ entries: 0xffff, offset: 0xffff_ffff });
    const zip64End = archive.indexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]));
    expect(Number(archive.readBigUInt64LE(zip64End + 32))).toBe(5);
    const third = archive.indexOf(Buffer.from('document-3.pdf')) - 30;
    expect(archive.readUInt32LE(third + 18)).toBe(0xffff_ffff);
    const fourthInDirectory = archive.lastIndexOf(Buffer.from('document-4.pdf')) - 46;
    expect(archive.readUInt32LE(fourthInDirectory + 42)).toBe(0xffff_ffff);

    const entries = unzip(archive);
    expect(Object.keys(entries)).toEqual(files.map(([name]) => name));
    for (const [name, data] of files) expect(Buffer.from(entries[name]!).equals(data)).toBe(true);
    if (hasUnzip) {
      expect(unzipTest(archive, 'zip64.zip')).toEqual({
        ok: true,
        tested: files.map(([name]) => name),
      });
    }
  });

  it('refuses a name longer than a ZIP header can hold', () => {
    expect(() => createStoredZip().add('a'.repeat(70_000), Buffer.alloc(1))).toThrow(/too long/);
  });
});
