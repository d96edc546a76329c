/**
 * Reading and checking a template's cross-reference data, so documents can be written as
 * incremental updates that point back at it (/Prev). pdf-lib ignores the xref entirely (it
 * parses objects in file order), but viewers trust it: an update may only be appended when the
 * file's own xref chain agrees with what pdf-lib read. Anything doubtful answers `undefined`,
 * and the template is then rewritten once by pdf-lib (a fresh, correct xref) and updated from there.
 */
import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFObjectParser,
  PDFRawStream,
  PDFRef,
  decodePDFRawStream,
  type PDFContext,
  type PDFObject,
} from '@cantoo/pdf-lib';
import { xrefStreamEntries, type XrefEntry } from './xref-stream-data.ts';

/** What an update needs to know about the file it is appended to. */
export interface XrefInfo {
  /** The newest section's kind: the update is written in the same kind. */
  style: 'table' | 'stream';
  /** Offset of the newest xref section: the update's /Prev. */
  startxref: number;
  /** The trailer entries the update repeats. */
  root: PDFObject;
  info: PDFObject | undefined;
  id: PDFObject | undefined;
  /** One more than the highest object number in use. */
  size: number;
}

type Entry = XrefEntry;
type Section = { entries: Map<number, Entry>; trailer: PDFDict; isStream: boolean };

const MAX_SECTIONS = 64;
const TAIL_WINDOW = 4096;
const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  Buffer.from(bytes.subarray(Math.max(0, from), Math.min(bytes.length, to))).toString('latin1');

/** The offset after the last `startxref` keyword. */
const lastStartxref = (bytes: Uint8Array): number | undefined => {
  const tail = ascii(bytes, bytes.length - TAIL_WINDOW, bytes.length);
  const at = tail.lastIndexOf('startxref');
  if (at < 0) return undefined;
  const match = /^startxref\s+(\d+)/.exec(tail.slice(at));
  return match ? Number(match[1]) : undefined;
};

const skipWhitespace = (bytes: Uint8Array, at: number) => {
  let i = at;
  while (i < bytes.length && WHITESPACE.has(bytes[i]!)) i++;
  return i;
};

/** `N G obj` at an offset (after optional whitespace), or undefined. */
const objectHeaderAt = (bytes: Uint8Array, offset: number) => {
  const match = /^\s*(\d+)\s+(\d+)\s+obj\b/.exec(ascii(bytes, offset, offset + 40));
  return match ? { num: Number(match[1]), gen: Number(match[2]) } : undefined;
};

/** A classic `xref` table and the trailer dictionary after it. */
const readTable = (bytes: Uint8Array, offset: number, context: PDFContext): Section | undefined => {
  const entries = new Map<number, Entry>();
  let i = skipWhitespace(bytes, offset) + 4; // "xref"
  const token = () => {
    i = skipWhitespace(bytes, i);
    const start = i;
    while (i < bytes.length && !WHITESPACE.has(bytes[i]!)) i++;
    return ascii(bytes, start, i);
  };
  for (let guard = 0; guard < 1_000_000; guard++) {
    const first = token();
    if (first === 'trailer' || first.startsWith('trailer')) {
      i -= first.length - 'trailer'.length;
      const parsed = PDFObjectParser.forBytes(bytes.subarray(i), context).parseObject();
      return parsed instanceof PDFDict ? { entries, trailer: parsed, isStream: false } : undefined;
    }
    const start = Number(first);
    const count = Number(token());
    if (!Number.isInteger(start) || !Number.isInteger(count) || count < 0) return undefined;
    for (let k = 0; k < count; k++) {
      const entryOffset = Number(token());
      const gen = Number(token());
      const kind = token();
      if (kind !== 'n' && kind !== 'f') return undefined;
      entries.set(start + k, { type: kind === 'n' ? 1 : 0, offset: entryOffset, gen });
    }
  }
  return undefined;
};

/** An xref stream: pdf-lib kept the raw stream object, so its entries are decoded from there. */
const readStream = (
  bytes: Uint8Array,
  offset: number,
  context: PDFContext,
): Section | undefined => {
  const header = objectHeaderAt(bytes, offset);
  if (!header) return undefined;
  const stream = context.lookup(PDFRef.of(header.num, header.gen));
  if (!(stream instanceof PDFRawStream)) return undefined;
  if (stream.dict.get(PDFName.of('Type')) !== PDFName.of('XRef')) return undefined;
  const entries = xrefStreamEntries(stream);
  return entries && { entries, trailer: stream.dict, isStream: true };
};

const numberIn = (dict: PDFDict, key: string) => {
  const value = dict.get(PDFName.of(key));
  return value instanceof PDFNumber ? value.asNumber() : undefined;
};

/**
 * A hybrid file (Acrobat writes them) lists objects in object streams only in a hidden xref
 * stream named by the table's /XRefStm; readers that know streams consult it before /Prev. The
 * table's in-use entries stay first, the stream fills in what the table marks free or omits.
 */
const mergeHybrid = (bytes: Uint8Array, context: PDFContext, table: Section, offset: number) => {
  const stream = offset < bytes.length ? readStream(bytes, offset, context) : undefined;
  if (!stream) return false;
  for (const [objectNumber, entry] of stream.entries) {
    if (table.entries.get(objectNumber)?.type !== 1) table.entries.set(objectNumber, entry);
  }
  return true;
};

/** The chain of sections from the newest, following /Prev; undefined if any link is broken. */
const readChain = (bytes: Uint8Array, context: PDFContext): Section[] | undefined => {
  const sections: Section[] = [];
  const seen = new Set<number>();
  let offset = lastStartxref(bytes);
  while (offset !== undefined) {
    if (seen.has(offset) || sections.length >= MAX_SECTIONS || offset >= bytes.length)
      return undefined;
    seen.add(offset);
    const isTable = ascii(bytes, skipWhitespace(bytes, offset), offset + 16).startsWith('xref');
    const section = isTable
      ? readTable(bytes, offset, context)
      : readStream(bytes, offset, context);
    if (!section) return undefined;
    const hidden = numberIn(section.trailer, 'XRefStm');
    if (hidden !== undefined && !mergeHybrid(bytes, context, section, hidden)) return undefined;
    sections.push(section);
    offset = numberIn(section.trailer, 'Prev');
  }
  return sections.length > 0 ? sections : undefined;
};

const isSameObject = (a: PDFObject | undefined, b: PDFObject | undefined) =>
  a instanceof PDFRef && b instanceof PDFRef ? a === b : a === b;

const isXrefStream = (object: PDFObject) =>
  object instanceof PDFRawStream && object.dict.get(PDFName.of('Type')) === PDFName.of('XRef');

/** The object numbers an object stream's header lists, in order. */
const objectStreamHeader = (context: PDFContext, holder: number): number[] | undefined => {
  const stream = context.lookup(PDFRef.of(holder));
  if (!(stream instanceof PDFRawStream)) return undefined;
  const count = stream.dict.lookup(PDFName.of('N'));
  const first = stream.dict.lookup(PDFName.of('First'));
  if (!(count instanceof PDFNumber) || !(first instanceof PDFNumber)) return undefined;
  const data = decodePDFRawStream(stream).decode();
  const numbers = ascii(data, 0, first.asNumber()).trim().split(/\s+/).map(Number);
  return numbers.filter((_, i) => i % 2 === 0).slice(0, count.asNumber());
};

/** An object in an object stream must be listed there at the index the xref gives. */
const inObjectStream = (
  context: PDFContext,
  headers: Map<number, number[] | undefined>,
  objectNumber: number,
  entry: Entry,
) => {
  if (!headers.has(entry.offset))
    headers.set(entry.offset, objectStreamHeader(context, entry.offset));
  return headers.get(entry.offset)?.[entry.gen] === objectNumber;
};

/** Every object pdf-lib read must be where the xref says, or viewers see another file. */
const agrees = (bytes: Uint8Array, context: PDFContext, merged: Map<number, Entry>) => {
  const headers = new Map<number, number[] | undefined>();
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (isXrefStream(object)) continue; // located through startxref or /Prev, never by number
    const entry = merged.get(ref.objectNumber);
    if (!entry) return false;
    // Deleted by a later update: pdf-lib keeps reading it, viewers do not; the file no longer uses it.
    if (entry.type === 0) continue;
    if (entry.type === 2) {
      const holder = merged.get(entry.offset);
      if (!holder || holder.type !== 1 || entry.offset === ref.objectNumber) return false;
      if (!inObjectStream(context, headers, ref.objectNumber, entry)) return false;
      continue;
    }
    if (entry.gen !== ref.generationNumber) return false;
    const header = objectHeaderAt(bytes, entry.offset);
    if (!header || header.num !== ref.objectNumber || header.gen !== entry.gen) return false;
  }
  return true;
};

/**
 * The template's xref, checked against pdf-lib's reading of the same bytes; undefined when an
 * update cannot safely be appended (broken or shifted offsets, hybrid files, missing trailer).
 */
export const readXref = (bytes: Uint8Array, context: PDFContext): XrefInfo | undefined => {
  try {
    const sections = readChain(bytes, context);
    if (!sections) return undefined;
    const merged = new Map<number, Entry>();
    for (const section of sections) {
      for (const [objectNumber, entry] of section.entries) {
        if (!merged.has(objectNumber)) merged.set(objectNumber, entry);
      }
    }
    if (!agrees(bytes, context, merged)) return undefined;
    const first = (key: string) =>
      sections.map((s) => s.trailer.get(PDFName.of(key))).find((v) => v !== undefined);
    const root = first('Root');
    if (!(root instanceof PDFRef) || !isSameObject(root, context.trailerInfo.Root)) {
      return undefined;
    }
    const info = first('Info');
    const id = first('ID');
    const sizes = sections.map((s) => numberIn(s.trailer, 'Size') ?? 0);
    const highest = Math.max(context.largestObjectNumber, ...merged.keys());
    return {
      style: sections[0]!.isStream ? 'stream' : 'table',
      startxref: lastStartxref(bytes)!,
      root,
      info: info instanceof PDFRef ? info : undefined,
      id: id instanceof PDFArray ? id : undefined,
      size: Math.max(highest + 1, ...sizes),
    };
  } catch {
    return undefined;
  }
};
