/**
 * Reads PDF objects straight from bytes, keeping where each value starts and ends. The merged
 * writer copies objects by splicing: the source bytes stay as they are (strings, names, numbers
 * exactly as written) and only references are replaced. pdf-lib would re-serialise every value
 * and costs milliseconds per document; this costs microseconds for the few objects of an update.
 */
import { PdfEngineError } from './errors.ts';

export interface PdfRefValue {
  kind: 'ref';
  start: number;
  end: number;
  num: number;
  gen: number;
}
/** A key (its slash included) and its value; keyStart lets a writer cut the whole entry out. */
export interface PdfDictEntry {
  keyStart: number;
  keyEnd: number;
  value: PdfValue;
}
/**
 * Keys stay bytes: a dictionary has a few entries and is asked for fewer, so comparing bytes
 * costs less than making a string of every key (that was half the time of reading an update).
 */
export interface PdfDictValue {
  kind: 'dict';
  start: number;
  end: number;
  source: Uint8Array;
  entries: PdfDictEntry[];
}
export type PdfValue =
  | PdfRefValue
  | PdfDictValue
  | { kind: 'array'; start: number; end: number; items: PdfValue[] }
  | { kind: 'number'; start: number; end: number; value: number }
  | { kind: 'name'; start: number; end: number }
  /** Strings, booleans, null and any other keyword. */
  | { kind: 'other'; start: number; end: number };

/** One object as found in a file or an object stream. */
export interface PdfObjectRecord {
  /** The bytes that the spans below point into (the file, or a decoded object stream). */
  source: Uint8Array;
  value: PdfValue;
  /** Every reference inside `value`, in the order written. */
  refs: PdfRefValue[];
  /** A stream's data, when the object is a stream. */
  stream?: { start: number; end: number };
}

const MAX_DEPTH = 256;
// Whitespace and delimiters as PDF defines them (ISO 32000 7.2.2).
const WHITE = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WHITE[c] = 1;
const DELIMITER = new Uint8Array(256);
for (const c of '()<>[]{}/%') DELIMITER[c.charCodeAt(0)] = 1;
const isRegular = (c: number) => WHITE[c] === 0 && DELIMITER[c] === 0;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

export const damaged = (what: string) =>
  new PdfEngineError('DAMAGED', `A document to merge cannot be read: ${what}.`);

export const latin1Text = (bytes: Uint8Array, from: number, to: number) =>
  Buffer.from(bytes.buffer, bytes.byteOffset + from, Math.max(0, to - from)).toString('latin1');

/** The position after whitespace and comments. */
export const skipSpace = (b: Uint8Array, at: number): number => {
  let i = at;
  for (;;) {
    while (i < b.length && WHITE[b[i]!] === 1) i++;
    if (b[i] !== 0x25) return i; // %
    while (i < b.length && b[i] !== 0x0a && b[i] !== 0x0d) i++;
  }
};

/** A non-negative integer at `at` (no sign, no dot), or undefined. */
const unsignedAt = (b: Uint8Array, at: number): { value: number; end: number } | undefined => {
  let i = at;
  let value = 0;
  while (i < b.length && isDigit(b[i]!)) value = value * 10 + b[i++]! - 0x30;
  if (i === at || (i < b.length && isRegular(b[i]!))) return undefined;
  return { value, end: i };
};

/** A keyword at `at` followed by a non-regular byte or the end. */
export const keywordAt = (b: Uint8Array, at: number, word: string): boolean => {
  for (let k = 0; k < word.length; k++) if (b[at + k] !== word.charCodeAt(k)) return false;
  const after = b[at + word.length];
  return after === undefined || !isRegular(after);
};

/** A number as PDF writes it (no exponent); unusual forms go through Number(). */
const numberAt = (b: Uint8Array, start: number): PdfValue => {
  let i = start;
  const negative = b[i] === 0x2d;
  if (negative || b[i] === 0x2b) i++;
  let value = 0;
  while (i < b.length && isDigit(b[i]!)) value = value * 10 + b[i++]! - 0x30;
  if (b[i] === 0x2e) {
    let scale = 1;
    for (i++; i < b.length && isDigit(b[i]!); i++) value += (b[i]! - 0x30) / (scale *= 10);
  }
  let end = i;
  while (end < b.length && isRegular(b[end]!)) end++;
  if (end !== i) value = Number(latin1Text(b, start, end));
  return { kind: 'number', start, end, value: negative ? -value : value };
};

/** A name's text, #xx escapes decoded (without the slash). */
export const nameText = (source: Uint8Array, name: { start: number; end: number }) => {
  const raw = latin1Text(source, name.start + 1, name.end);
  if (!raw.includes('#')) return raw;
  return raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
};

/** True when the name at `start..end` in `source` is `/text` (escapes decoded if any). */
export const isName = (source: Uint8Array, name: { start: number; end: number }, text: string) => {
  if (name.end - name.start - 1 === text.length) {
    let same = true;
    for (let k = 0; k < text.length && same; k++) {
      same = source[name.start + 1 + k] === text.charCodeAt(k);
    }
    if (same) return true;
  }
  return source.subarray(name.start, name.end).includes(0x23) && nameText(source, name) === text;
};

/** The first entry with this key, as pdf.js reads repeated keys. */
export const dictEntry = (dict: PdfDictValue, key: string): PdfDictEntry | undefined => {
  for (const entry of dict.entries) {
    if (isName(dict.source, { start: entry.keyStart, end: entry.keyEnd }, key)) return entry;
  }
  return undefined;
};

export const entryOf = (dict: PdfDictValue, key: string): PdfValue | undefined =>
  dictEntry(dict, key)?.value;

class Scanner {
  readonly refs: PdfRefValue[] = [];
  private readonly b: Uint8Array;

  constructor(b: Uint8Array) {
    this.b = b;
  }

  value(at: number, depth: number): PdfValue {
    const { b } = this;
    if (depth > MAX_DEPTH) throw damaged('objects nested too deeply');
    const start = skipSpace(b, at);
    const c = b[start];
    if (c === undefined) throw damaged('an object ends early');
    if (c === 0x2f) return this.name(start);
    if (c === 0x3c && b[start + 1] === 0x3c) return this.dict(start, depth);
    if (c === 0x3c) return { kind: 'other', start, end: this.until(start, 0x3e) };
    if (c === 0x28) return { kind: 'other', start, end: this.literalString(start) };
    if (c === 0x5b) return this.array(start, depth);
    if (isDigit(c)) {
      const ref = this.refAt(start);
      if (ref) return ref;
    }
    if (isDigit(c) || c === 0x2b || c === 0x2d || c === 0x2e) return numberAt(b, start);
    if (DELIMITER[c] === 1) {
      if (c === 0x7b || c === 0x7d) return { kind: 'other', start, end: start + 1 };
      throw damaged(`unexpected "${String.fromCharCode(c)}"`);
    }
    let end = start;
    while (end < b.length && isRegular(b[end]!)) end++;
    return { kind: 'other', start, end };
  }

  /** `N G R`, or undefined when the number at `start` is not the start of a reference. */
  private refAt(start: number): PdfRefValue | undefined {
    const { b } = this;
    const num = unsignedAt(b, start);
    if (!num || !WHITE[b[num.end]!]) return undefined;
    const genStart = skipSpace(b, num.end);
    const gen = unsignedAt(b, genStart);
    if (!gen || !WHITE[b[gen.end]!]) return undefined;
    const r = skipSpace(b, gen.end);
    if (b[r] !== 0x52 || !keywordAt(b, r, 'R')) return undefined;
    const ref: PdfRefValue = { kind: 'ref', start, end: r + 1, num: num.value, gen: gen.value };
    this.refs.push(ref);
    return ref;
  }

  private name(start: number): PdfValue {
    const { b } = this;
    let end = start + 1;
    while (end < b.length && isRegular(b[end]!)) end++;
    return { kind: 'name', start, end };
  }

  private dict(start: number, depth: number): PdfDictValue {
    const { b } = this;
    const entries: PdfDictEntry[] = [];
    let i = start + 2;
    for (;;) {
      i = skipSpace(b, i);
      if (b[i] === 0x3e && b[i + 1] === 0x3e) {
        return { kind: 'dict', start, end: i + 2, source: b, entries };
      }
      if (b[i] !== 0x2f) throw damaged('a dictionary key is not a name');
      const key = this.name(i);
      const value = this.value(key.end, depth + 1);
      entries.push({ keyStart: i, keyEnd: key.end, value });
      i = value.end;
    }
  }

  private array(start: number, depth: number): PdfValue {
    const { b } = this;
    const items: PdfValue[] = [];
    let i = start + 1;
    for (;;) {
      i = skipSpace(b, i);
      if (i >= b.length) throw damaged('an array is not closed');
      if (b[i] === 0x5d) return { kind: 'array', start, end: i + 1, items };
      const item = this.value(i, depth + 1);
      items.push(item);
      i = item.end;
    }
  }

  /** After a literal string: parentheses nest, a backslash escapes the next byte. */
  private literalString(start: number): number {
    const { b } = this;
    let depth = 0;
    for (let i = start; i < b.length; i++) {
      const c = b[i];
      if (c === 0x5c) i++;
      else if (c === 0x28) depth++;
      else if (c === 0x29 && --depth === 0) return i + 1;
    }
    throw damaged('a string is not closed');
  }

  private until(start: number, close: number): number {
    const end = this.b.indexOf(close, start + 1);
    if (end < 0) throw damaged('a hexadecimal string is not closed');
    return end + 1;
  }
}

/** The value at `at` and every reference inside it. */
export const scanValue = (source: Uint8Array, at: number): Omit<PdfObjectRecord, 'stream'> => {
  const scanner = new Scanner(source);
  const value = scanner.value(at, 0);
  return { source, value, refs: scanner.refs };
};

/** `N G obj` at `offset` (after whitespace): the object's number, generation and body start. */
const objectHeader = (b: Uint8Array, offset: number) => {
  const numStart = skipSpace(b, offset);
  const num = unsignedAt(b, numStart);
  if (!num) return undefined;
  const gen = unsignedAt(b, skipSpace(b, num.end));
  if (!gen) return undefined;
  const word = skipSpace(b, gen.end);
  if (!keywordAt(b, word, 'obj')) return undefined;
  return { num: num.value, gen: gen.value, bodyStart: word + 3 };
};

/**
 * The object at `offset` in a file. A stream's length is `lengthOf(/Length)` when the data then
 * ends at `endstream`; otherwise (a wrong /Length, as some writers leave) the data runs to the
 * next `endstream`, which is how viewers recover it too.
 */
export const scanObjectAt = (
  b: Uint8Array,
  offset: number,
  expected: { num: number; gen: number },
  lengthOf: (value: PdfValue | undefined) => number | undefined,
): PdfObjectRecord => {
  const header = objectHeader(b, offset);
  if (!header || header.num !== expected.num || header.gen !== expected.gen) {
    throw damaged(`object ${expected.num} is not where the cross-reference table says`);
  }
  const record: PdfObjectRecord = scanValue(b, header.bodyStart);
  if (record.value.kind !== 'dict') return record;
  const after = skipSpace(b, record.value.end);
  if (!keywordAt(b, after, 'stream')) return record;
  let start = after + 6;
  if (b[start] === 0x0d) start++;
  if (b[start] === 0x0a) start++;
  const declared = lengthOf(entryOf(record.value, 'Length'));
  if (declared !== undefined && start + declared <= b.length) {
    const tail = skipSpace(b, start + declared);
    if (keywordAt(b, tail, 'endstream')) {
      return { ...record, stream: { start, end: start + declared } };
    }
  }
  const found = Buffer.from(b.buffer, b.byteOffset, b.length).indexOf('endstream', start, 'latin1');
  if (found < 0) throw damaged(`the stream of object ${expected.num} has no end`);
  let end = found;
  if (b[end - 1] === 0x0a) end--;
  if (b[end - 1] === 0x0d) end--;
  return { ...record, stream: { start, end: Math.max(start, end) } };
};
