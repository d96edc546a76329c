/**
 * Objects of one document found through its cross-reference data: plain objects at their
 * offsets and objects packed in object streams, read the way viewers read them (by the xref,
 * never by scanning the file). Used by the merged writer, which reads each filled document as
 * its template's bytes (the base) plus the engine's incremental update.
 */
import { inflateSync } from 'node:zlib';
import { PDFContext, PDFRawStream } from '@cantoo/pdf-lib';
import {
  damaged,
  entryOf,
  isName,
  nameText,
  keywordAt,
  latin1Text,
  scanObjectAt,
  scanValue,
  skipSpace,
  type PdfDictValue,
  type PdfObjectRecord,
  type PdfValue,
} from './pdf-value-scan.ts';
import { xrefStreamEntries, type XrefEntry } from './xref-stream-data.ts';

export type XrefEntries = Map<number, XrefEntry>;

/** One xref section: a table and its trailer, or an xref stream and its dictionary. */
export interface XrefSection {
  entries: XrefEntries;
  trailer: PdfDictValue;
  /** The trailer's source bytes (the file). */
  offset: number;
}

const MAX_SECTIONS = 64;
const TAIL_WINDOW = 2048;

export const numberOf = (value: PdfValue | undefined) =>
  value?.kind === 'number' ? value.value : undefined;

const STARTXREF = Buffer.from('startxref', 'latin1');

/** The offset written after the last `startxref` (searched in the file's last bytes). */
export const lastStartxref = (b: Uint8Array): number => {
  const from = Math.max(0, b.length - TAIL_WINDOW);
  const at = Buffer.from(b.buffer, b.byteOffset, b.length).lastIndexOf(STARTXREF);
  if (at < from) throw damaged('it has no startxref');
  let i = skipSpace(b, at + STARTXREF.length);
  const start = i;
  let value = 0;
  while (i < b.length && b[i]! >= 0x30 && b[i]! <= 0x39) value = value * 10 + b[i++]! - 0x30;
  if (i === start) throw damaged('its startxref is not a number');
  return value;
};

type Literal = number | string | null | Literal[] | { [key: string]: Literal };
const literal = (b: Uint8Array, value: PdfValue): Literal => {
  if (value.kind === 'number') return value.value;
  if (value.kind === 'name') return nameText(b, value);
  if (value.kind === 'array') return value.items.map((item) => literal(b, item));
  if (value.kind === 'dict') {
    const dict: { [key: string]: Literal } = {};
    for (const entry of value.entries) {
      const key = nameText(b, { start: entry.keyStart, end: entry.keyEnd });
      dict[key] ??= literal(b, entry.value);
    }
    return dict;
  }
  return null;
};

const XREF_STREAM_KEYS = ['W', 'Index', 'Size', 'Filter', 'DecodeParms'];

const readStreamSection = (b: Uint8Array, offset: number): XrefSection => {
  const record = scanObjectAt(b, offset, objectNumbersAt(b, offset), numberOf);
  if (record.value.kind !== 'dict' || !record.stream) throw damaged('bad xref stream');
  const dict = record.value;
  // xref-stream-data.ts decodes entries (PNG predictors included) from a pdf-lib stream.
  const plain: { [key: string]: Literal } = {};
  for (const key of XREF_STREAM_KEYS) {
    const value = entryOf(dict, key);
    if (value) plain[key] = literal(b, value);
  }
  const context = PDFContext.create();
  const data = b.subarray(record.stream.start, record.stream.end);
  const entries = xrefStreamEntries(PDFRawStream.of(context.obj(plain), data));
  if (!entries) throw damaged('an xref stream cannot be decoded');
  return { entries, trailer: dict, offset };
};

const objectNumbersAt = (b: Uint8Array, offset: number) => {
  const match = /^\s*(\d+)\s+(\d+)\s+obj/.exec(latin1Text(b, offset, offset + 32));
  if (!match) throw damaged('an xref section is not where startxref says');
  return { num: Number(match[1]), gen: Number(match[2]) };
};

const readTableSection = (b: Uint8Array, offset: number): XrefSection => {
  const entries: XrefEntries = new Map();
  let i = skipSpace(b, offset) + 4;
  // Tokens are read as bytes: a table may list 100,000 objects, an update's a few.
  const integer = () => {
    i = skipSpace(b, i);
    const start = i;
    let value = 0;
    while (i < b.length && b[i]! >= 0x30 && b[i]! <= 0x39) value = value * 10 + b[i++]! - 0x30;
    if (i === start) throw damaged('bad xref table');
    return value;
  };
  for (;;) {
    const at = skipSpace(b, i);
    if (keywordAt(b, at, 'trailer') || b[at] === 0x3c) {
      const trailer = scanValue(b, keywordAt(b, at, 'trailer') ? at + 7 : at).value;
      if (trailer.kind !== 'dict') throw damaged('bad trailer');
      return { entries, trailer, offset };
    }
    const first = integer();
    const count = integer();
    for (let k = 0; k < count; k++) {
      const entryOffset = integer();
      const gen = integer();
      i = skipSpace(b, i);
      const kind = b[i++];
      if (kind !== 0x6e && kind !== 0x66) throw damaged('bad xref table entry'); // n, f
      if (!entries.has(first + k)) {
        entries.set(first + k, { type: kind === 0x6e ? 1 : 0, offset: entryOffset, gen });
      }
    }
  }
};

/** The section at `offset`, with a hybrid file's hidden xref stream (/XRefStm) merged in. */
export const readSection = (b: Uint8Array, offset: number): XrefSection => {
  if (offset >= b.length) throw damaged('startxref points past the end');
  const at = skipSpace(b, offset);
  if (!keywordAt(b, at, 'xref')) return readStreamSection(b, offset);
  const table = readTableSection(b, offset);
  const hidden = numberOf(entryOf(table.trailer, 'XRefStm'));
  if (hidden !== undefined) {
    // Objects in object streams are listed only there; the table's in-use entries come first.
    for (const [num, entry] of readStreamSection(b, hidden).entries) {
      if (table.entries.get(num)?.type !== 1) table.entries.set(num, entry);
    }
  }
  return table;
};

/** Every section from `offset` back through /Prev, merged newest first. */
export const readChain = (b: Uint8Array, offset: number): XrefEntries => {
  const merged: XrefEntries = new Map();
  const seen = new Set<number>();
  let next: number | undefined = offset;
  while (next !== undefined) {
    if (seen.has(next) || seen.size >= MAX_SECTIONS) throw damaged('its xref chain loops');
    seen.add(next);
    const section = readSection(b, next);
    for (const [num, entry] of section.entries) if (!merged.has(num)) merged.set(num, entry);
    next = numberOf(entryOf(section.trailer, 'Prev'));
  }
  return merged;
};

type ObjectStream = { data: Uint8Array; first: number; offsets: Map<number, number> };

/**
 * The objects one set of xref entries lists in `bytes`. Decoded object streams are kept until
 * `forgetObjectStreams`, so a template's are decoded once per merged document, not per object.
 */
export class PdfObjectTable {
  private objectStreams = new Map<number, ObjectStream>();
  readonly bytes: Uint8Array;
  readonly entries: XrefEntries;

  constructor(bytes: Uint8Array, entries: XrefEntries) {
    this.bytes = bytes;
    this.entries = entries;
  }

  /** True when `num gen R` names an object of this table. */
  has(num: number, gen: number): boolean {
    const entry = this.entries.get(num);
    if (!entry || entry.type === 0) return false;
    return entry.type === 1 ? entry.gen === gen : gen === 0;
  }

  read(num: number, gen: number): PdfObjectRecord {
    const entry = this.entries.get(num);
    if (!entry || !this.has(num, gen)) throw damaged(`object ${num} is missing`);
    if (entry.type === 2) return this.readPacked(num, entry.offset);
    return scanObjectAt(this.bytes, entry.offset, { num, gen }, (v) => this.length(v));
  }

  forgetObjectStreams() {
    this.objectStreams.clear();
  }

  /** A /Length value: a number, or a reference to one. */
  private length(value: PdfValue | undefined): number | undefined {
    if (value?.kind === 'number') return value.value;
    if (value?.kind !== 'ref' || !this.has(value.num, value.gen)) return undefined;
    const entry = this.entries.get(value.num)!;
    if (entry.type !== 1) return undefined;
    const record = scanObjectAt(this.bytes, entry.offset, value, () => undefined);
    return numberOf(record.value);
  }

  private readPacked(num: number, holder: number): PdfObjectRecord {
    const stream = this.objectStream(holder);
    const at = stream.offsets.get(num);
    if (at === undefined) throw damaged(`object ${num} is not in its object stream`);
    return scanValue(stream.data, stream.first + at);
  }

  private objectStream(holder: number): ObjectStream {
    const known = this.objectStreams.get(holder);
    if (known) return known;
    const record = this.read(holder, this.entries.get(holder)?.gen ?? 0);
    if (record.value.kind !== 'dict' || !record.stream) throw damaged('bad object stream');
    const dict = record.value;
    const filter = entryOf(dict, 'Filter');
    const name = filter?.kind === 'array' && filter.items.length === 1 ? filter.items[0] : filter;
    const raw = record.source.subarray(record.stream.start, record.stream.end);
    if (
      entryOf(dict, 'DecodeParms') ||
      (name && !(name.kind === 'name' && isName(record.source, name, 'FlateDecode')))
    ) {
      throw damaged('an object stream uses a filter other than plain FlateDecode');
    }
    const data = name ? new Uint8Array(inflateSync(raw)) : raw;
    const first = numberOf(entryOf(dict, 'First'));
    const count = numberOf(entryOf(dict, 'N'));
    if (first === undefined || count === undefined) throw damaged('bad object stream header');
    const numbers = latin1Text(data, 0, first).trim().split(/\s+/).map(Number);
    const offsets = new Map<number, number>();
    for (let k = 0; k + 1 < numbers.length && k / 2 < count; k += 2) {
      if (!offsets.has(numbers[k]!)) offsets.set(numbers[k]!, numbers[k + 1]!);
    }
    const stream = { data, first, offsets };
    this.objectStreams.set(holder, stream);
    return stream;
  }
}
