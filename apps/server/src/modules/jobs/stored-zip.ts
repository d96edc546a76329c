import { crc32 } from 'node:zlib';

/*
 * A ZIP archive of stored (uncompressed) entries, written as it grows: each `add` answers the
 * bytes to write for one entry (its local header, then its data as given), `end` the central
 * directory and the end records. References are to PKWARE's APPNOTE.TXT (6.3.x).
 *
 * Why our own and not a library: a batch writes one 75 KB PDF per item, and at 2,000 documents a
 * second the ZIP must cost little next to the fill, on the same thread. yazl (used before) computes
 * the CRC-32 in JavaScript (buffer-crc32, about 250 MB/s: a third of the main thread's time in a
 * 10,000-document batch) and scans its entries from the first on every write (quadratic); fflate's
 * streaming Zip and zip-stream (archiver's) compute it in JavaScript too, and took 3,000 and
 * 6,800 documents a second for the ZIP alone here (bench/RESULTS.md). Node's native `zlib.crc32`
 * runs at 1-3 GB/s. For stored entries whose bytes are all known when added, the format is
 * simple: the local header carries the CRC and sizes (no data descriptor, which some readers
 * such as 7-Zip 9.20 did not take), and nothing needs seeking back.
 */

/** Sizes and offsets from `bytes`, entry counts from `entries`, go in ZIP64 records (§4.5.3). */
export type Zip64Limits = { bytes: number; entries: number };

/** Where the plain records run out; tests pass lower limits to write ZIP64 on small archives. */
const ZIP64_LIMITS: Zip64Limits = { bytes: 0xffff_ffff, entries: 0xffff };

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const END = 0x06054b50;

/** General purpose bit 11: names are UTF-8 (APPNOTE appendix D). */
const UTF8_NAMES = 0x0800;
/** Version needed to extract: 1.0 for stored entries, 4.5 once ZIP64 fields are used. */
const VERSION_STORED = 10;
const VERSION_ZIP64 = 45;
/** Made by: Unix (3) with spec 4.5, so the external attributes below are Unix file modes. */
const MADE_BY = (3 << 8) | VERSION_ZIP64;
/** A regular file, rw-r--r--: what unzip on Unix gives the unpacked documents. */
const FILE_MODE = (0o100644 << 16) >>> 0;

/**
 * The MS-DOS time and date every entry carries (UTC, to the even second). Unless told otherwise,
 * 2000-01-01 00:00, so the same items make the same ZIP.
 */
const dosTimeOf = (at: Date) => ({
  time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
  date: ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
});
const FIXED_TIME = new Date(Date.UTC(2000, 0, 1));

const MAX_16 = 0xffff;
const MAX_32 = 0xffff_ffff;

/** An entry as the central directory lists it: `offset` is its local header's in the archive. */
export type ZipEntry = { name: string; crc: number; size: number; offset: number };

/** The ZIP64 extended information extra field (§4.5.3) with the given 64-bit values. */
const zip64Extra = (values: number[]) => {
  const extra = Buffer.alloc(4 + 8 * values.length);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(8 * values.length, 2);
  values.forEach((value, i) => extra.writeBigUInt64LE(BigInt(value), 4 + 8 * i));
  return extra;
};

/** The central directory record of one entry (§4.3.12), ZIP64 fields where they overflow. */
const centralRecord = (
  { name: nameText, crc, size, offset: at }: ZipEntry,
  limits: Zip64Limits,
  dos: { time: number; date: number },
) => {
  const name = Buffer.from(nameText, 'utf8');
  const isSizeLarge = size >= limits.bytes;
  const isOffsetLarge = at >= limits.bytes;
  // Only the fields whose plain value says 0xFFFFFFFF, in this order (§4.5.3).
  const large = [...(isSizeLarge ? [size, size] : []), ...(isOffsetLarge ? [at] : [])];
  const extra = large.length > 0 ? zip64Extra(large) : Buffer.alloc(0);
  const record = Buffer.alloc(46 + name.length + extra.length);
  record.writeUInt32LE(CENTRAL_HEADER, 0);
  record.writeUInt16LE(MADE_BY, 4);
  record.writeUInt16LE(large.length > 0 ? VERSION_ZIP64 : VERSION_STORED, 6);
  record.writeUInt16LE(UTF8_NAMES, 8);
  record.writeUInt16LE(0, 10); // stored
  record.writeUInt16LE(dos.time, 12);
  record.writeUInt16LE(dos.date, 14);
  record.writeUInt32LE(crc, 16);
  record.writeUInt32LE(isSizeLarge ? MAX_32 : size, 20);
  record.writeUInt32LE(isSizeLarge ? MAX_32 : size, 24);
  record.writeUInt16LE(name.length, 28);
  record.writeUInt16LE(extra.length, 30);
  // Comment length, disk number start and internal attributes stay 0.
  record.writeUInt32LE(FILE_MODE, 38);
  record.writeUInt32LE(isOffsetLarge ? MAX_32 : at, 42);
  name.copy(record, 46);
  extra.copy(record, 46 + name.length);
  return record;
};

/**
 * The central directory of `entries`, written at `start`, and the end of central directory
 * record (§4.3.16), preceded by the ZIP64 end record and its locator (§4.3.14, §4.3.15) when a
 * count, size or offset passes the plain record's fields; those fields then say 0xFFFF or
 * 0xFFFFFFFF.
 */
export const zipEnd = (
  entries: readonly ZipEntry[],
  start: number,
  limits: Zip64Limits = ZIP64_LIMITS,
  modifiedAt: Date = FIXED_TIME,
): Buffer => {
  const dos = dosTimeOf(modifiedAt);
  const directory = Buffer.concat(entries.map((entry) => centralRecord(entry, limits, dos)));
  const count = entries.length;
  const isCountLarge = count >= limits.entries;
  const isSizeLarge = directory.length >= limits.bytes;
  const isStartLarge = start >= limits.bytes;
  const parts = [directory];
  if (isCountLarge || isSizeLarge || isStartLarge) {
    const record = Buffer.alloc(56 + 20);
    record.writeUInt32LE(ZIP64_END, 0);
    record.writeBigUInt64LE(44n, 4); // the size of what follows this field
    record.writeUInt16LE(MADE_BY, 12);
    record.writeUInt16LE(VERSION_ZIP64, 14);
    // This disk and the directory's disk stay 0: one file.
    record.writeBigUInt64LE(BigInt(count), 24);
    record.writeBigUInt64LE(BigInt(count), 32);
    record.writeBigUInt64LE(BigInt(directory.length), 40);
    record.writeBigUInt64LE(BigInt(start), 48);
    record.writeUInt32LE(ZIP64_LOCATOR, 56);
    record.writeBigUInt64LE(BigInt(start + directory.length), 64);
    record.writeUInt32LE(1, 72); // disks in all
    parts.push(record);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END, 0);
  end.writeUInt16LE(isCountLarge ? MAX_16 : count, 8);
  end.writeUInt16LE(isCountLarge ? MAX_16 : count, 10);
  end.writeUInt32LE(isSizeLarge ? MAX_32 : directory.length, 12);
  end.writeUInt32LE(isStartLarge ? MAX_32 : start, 16);
  parts.push(end);
  return Buffer.concat(parts);
};

/**
 * A ZIP written as it grows, from `startOffset` on when it continues an archive whose earlier
 * entries another writer wrote (a job resumed after its process died): `entries` lists what this
 * writer added, and `zipEnd` closes the archive over every writer's entries.
 */
export const createStoredZip = (
  limits: Zip64Limits = ZIP64_LIMITS,
  modifiedAt: Date = FIXED_TIME,
  startOffset = 0,
) => {
  const { time: DOS_TIME, date: DOS_DATE } = dosTimeOf(modifiedAt);
  const entries: ZipEntry[] = [];
  let offset = startOffset;

  return {
    /**
     * The bytes of one entry, to be written in this order: its local header (§4.3.7, with the
     * CRC and sizes, since the data is all here) and `data` itself, not copied.
     */
    add(name: string, data: Uint8Array): [Buffer, Uint8Array] {
      const nameBytes = Buffer.from(name, 'utf8');
      if (nameBytes.length > MAX_16) throw new Error(`ZIP entry name too long: ${name}`);
      const size = data.byteLength;
      const crc = crc32(data);
      const isLarge = size >= limits.bytes;
      // A local header with ZIP64 sizes carries both of them in its extra field (§4.5.3).
      const extra = isLarge ? zip64Extra([size, size]) : Buffer.alloc(0);
      // Every byte is written below: no need to zero it first.
      const header = Buffer.allocUnsafe(30 + nameBytes.length + extra.length);
      header.writeUInt32LE(LOCAL_HEADER, 0);
      header.writeUInt16LE(isLarge ? VERSION_ZIP64 : VERSION_STORED, 4);
      header.writeUInt16LE(UTF8_NAMES, 6);
      header.writeUInt16LE(0, 8); // stored
      header.writeUInt16LE(DOS_TIME, 10);
      header.writeUInt16LE(DOS_DATE, 12);
      header.writeUInt32LE(crc, 14);
      header.writeUInt32LE(isLarge ? MAX_32 : size, 18);
      header.writeUInt32LE(isLarge ? MAX_32 : size, 22);
      header.writeUInt16LE(nameBytes.length, 26);
      header.writeUInt16LE(extra.length, 28);
      nameBytes.copy(header, 30);
      extra.copy(header, 30 + nameBytes.length);
      entries.push({ name, crc, size, offset });
      offset += header.length + size;
      return [header, data];
    },

    /** The entries added so far, and where the next one would start. */
    written: () => ({ entries, offset }),

    /** The central directory over this writer's entries: the end of an archive of one part. */
    end: (): Buffer => zipEnd(entries, offset, limits, modifiedAt),
  };
};
