/**
 * The entries of an xref stream. pdf-lib's own xref-stream parser does not undo the PNG
 * predictor most writers use (/DecodeParms << /Predictor 12 /Columns n >>) and so reads
 * nonsense; pdf-lib never notices because it does not use the xref. We decode here.
 */
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFName, PDFNumber, type PDFRawStream } from '@cantoo/pdf-lib';

export type XrefEntry = { type: 0 | 1 | 2; offset: number; gen: number };

const numberOf = (dict: PDFDict | undefined, key: string, fallback: number) => {
  const value = dict?.lookup(PDFName.of(key));
  return value instanceof PDFNumber ? value.asNumber() : fallback;
};

/** Reverses PNG row filters (predictors 10-15), each row prefixed by its filter type. */
const unpredict = (data: Uint8Array, columns: number): Uint8Array | undefined => {
  const rowLength = columns + 1;
  if (data.length % rowLength !== 0) return undefined;
  const rows = data.length / rowLength;
  const out = new Uint8Array(rows * columns);
  for (let r = 0; r < rows; r++) {
    const filter = data[r * rowLength]!;
    for (let c = 0; c < columns; c++) {
      const raw = data[r * rowLength + 1 + c]!;
      const left = c > 0 ? out[r * columns + c - 1]! : 0;
      const up = r > 0 ? out[(r - 1) * columns + c]! : 0;
      const upLeft = r > 0 && c > 0 ? out[(r - 1) * columns + c - 1]! : 0;
      let value: number;
      if (filter === 0) value = raw;
      else if (filter === 1) value = raw + left;
      else if (filter === 2) value = raw + up;
      else if (filter === 3) value = raw + ((left + up) >> 1);
      else if (filter === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        value = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
      } else return undefined;
      out[r * columns + c] = value & 0xff;
    }
  }
  return out;
};

/** The stream's decoded bytes: no filter or FlateDecode, with or without a PNG predictor. */
const decoded = (stream: PDFRawStream, columns: number): Uint8Array | undefined => {
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  const name = filter instanceof PDFArray && filter.size() === 1 ? filter.lookup(0) : filter;
  let data = stream.contents;
  if (name === PDFName.of('FlateDecode')) data = new Uint8Array(inflateSync(data));
  else if (name !== undefined) return undefined;
  const parms = stream.dict.lookup(PDFName.of('DecodeParms'));
  const parmsDict = parms instanceof PDFArray ? parms.lookup(0) : parms;
  const predictor = numberOf(parmsDict instanceof PDFDict ? parmsDict : undefined, 'Predictor', 1);
  if (predictor === 1) return data;
  if (predictor < 10) return undefined;
  const dict = parmsDict instanceof PDFDict ? parmsDict : undefined;
  if (numberOf(dict, 'Colors', 1) !== 1 || numberOf(dict, 'BitsPerComponent', 8) !== 8) {
    return undefined;
  }
  return unpredict(data, numberOf(dict, 'Columns', columns));
};

const field = (data: Uint8Array, at: number, width: number) => {
  let value = 0;
  for (let i = 0; i < width; i++) value = value * 256 + data[at + i]!;
  return value;
};

/** Object number → entry, or undefined when the stream cannot be read with certainty. */
export const xrefStreamEntries = (stream: PDFRawStream): Map<number, XrefEntry> | undefined => {
  const { dict } = stream;
  const w = dict.lookup(PDFName.of('W'));
  if (!(w instanceof PDFArray) || w.size() !== 3) return undefined;
  const widths = w.asArray().map((v) => (v instanceof PDFNumber ? v.asNumber() : -1));
  if (widths.some((v) => v < 0 || v > 8)) return undefined;
  const [typeWidth, offsetWidth, genWidth] = widths as [number, number, number];
  const rowWidth = typeWidth + offsetWidth + genWidth;
  const data = decoded(stream, rowWidth);
  if (!data) return undefined;
  const index = dict.lookup(PDFName.of('Index'));
  const pairs =
    index instanceof PDFArray
      ? index.asArray().map((v) => (v instanceof PDFNumber ? v.asNumber() : NaN))
      : [0, numberOf(dict, 'Size', 0)];
  const entries = new Map<number, XrefEntry>();
  let at = 0;
  for (let k = 0; k + 1 < pairs.length; k += 2) {
    const [first, count] = [pairs[k]!, pairs[k + 1]!];
    if (!Number.isInteger(first) || !Number.isInteger(count)) return undefined;
    for (let n = first; n < first + count; n++) {
      if (at + rowWidth > data.length) return undefined;
      const type = typeWidth === 0 ? 1 : field(data, at, typeWidth);
      const offset = field(data, at + typeWidth, offsetWidth);
      const gen = field(data, at + typeWidth + offsetWidth, genWidth);
      at += rowWidth;
      if (type === 1 || type === 2 || type === 0) entries.set(n, { type, offset, gen });
    }
  }
  return entries;
};
