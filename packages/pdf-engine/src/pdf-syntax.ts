/**
 * Writing PDF syntax directly as text. The fill path builds content streams, page dictionaries
 * and cross-reference data as strings and writes them once, instead of building pdf-lib objects
 * per document. Strings here hold one byte per character (latin1): PDF files are bytes, and a
 * name or string copied from a template may contain bytes above 127 that UTF-8 would double.
 */
import type { PDFObject } from '@cantoo/pdf-lib';

/** A number as PDF writes it: no exponent, at most 6 decimals (far below a visible difference). */
export const num = (value: number): string => {
  if (Number.isInteger(value)) return String(value);
  const rounded = Math.round(value * 1e6) / 1e6;
  return Object.is(rounded, -0) ? '0' : String(rounded);
};

/** Several numbers separated by spaces, e.g. the six of a matrix. */
export const nums = (values: readonly number[]): string => {
  if (values.length === 0) return '';
  let text = num(values[0]!);
  for (let i = 1; i < values.length; i++) text += ` ${num(values[i]!)}`;
  return text;
};

/** A reference as written inside another object: `12 0 R`. */
export interface ObjectRef {
  num: number;
  gen: number;
}
export const refString = (ref: ObjectRef) => `${ref.num} ${ref.gen} R`;

/** One indirect object ready to write: its number and its complete `N G obj ... endobj` bytes. */
export interface WrittenObject {
  ref: ObjectRef;
  /** latin1 text, or bytes for objects carrying binary streams (font programs, images). */
  data: string | Uint8Array;
}

export const dictObject = (ref: ObjectRef, body: string): WrittenObject => ({
  ref,
  data: `${ref.num} ${ref.gen} obj\n<<${body}>>\nendobj\n`,
});

/** A stream object whose data is latin1 text (content streams), written without compression. */
export const textStreamObject = (ref: ObjectRef, data: string, extra = ''): WrittenObject => ({
  ref,
  data: `${ref.num} ${ref.gen} obj\n<< /Length ${data.length}${extra} >>\nstream\n${data}\nendstream\nendobj\n`,
});

const latin1 = (text: string): Uint8Array => {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
};

/** The exact bytes pdf-lib writes for an object (strings keep their raw bytes). */
const objectBytes = (object: PDFObject): Uint8Array => {
  const bytes = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(bytes, 0);
  return bytes;
};

/** An object as latin1 text, for pasting into a dictionary written as text. */
export const objectText = (object: PDFObject): string =>
  Buffer.from(objectBytes(object)).toString('latin1');

/** A pdf-lib object (from a scratch context) as a complete indirect object. */
export const indirectObject = (ref: ObjectRef, object: PDFObject): WrittenObject => {
  const head = latin1(`${ref.num} ${ref.gen} obj\n`);
  const tail = latin1('\nendobj\n');
  const body = objectBytes(object);
  const data = new Uint8Array(head.length + body.length + tail.length);
  data.set(head, 0);
  data.set(body, head.length);
  data.set(tail, head.length + body.length);
  return { ref, data };
};

/** Total byte length of written objects' data. */
export const byteLength = (data: string | Uint8Array) =>
  typeof data === 'string' ? data.length : data.length;
