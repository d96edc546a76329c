/**
 * The batch benchmark's template fields and items: six one-line text fields (Helvetica, as an
 * invoice's header might have), and values that differ in every item, so no document is the copy
 * of another.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import type { FieldSpec } from '@platen/pdf-engine';
import { FIELDS } from '../generation/fixtures.ts';

export const BATCH_FIELDS: FieldSpec[] = FIELDS.filter((f) => f.type === 'text').slice(0, 6);

const STREETS = ['Market Street', 'Hauptstraße', 'Rue de Rivoli', 'Calle Mayor', 'Via Roma'];
const CITIES = ['San Francisco, CA 94103', 'Berlin 10115', 'Paris 75001', 'Madrid 28013'];

/** Item `i`'s values by field label. */
export const batchItem = (i: number): Record<string, string> => {
  const values = [
    `Customer ${String(i + 1).padStart(5, '0')} Ltd.`,
    `${100 + (i % 9_000)} ${STREETS[i % STREETS.length]!}`,
    CITIES[i % CITIES.length]!,
    `Invoice 2025/${String(i + 1).padStart(5, '0')}`,
    `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    `EUR ${((i * 7_919) % 1_000_000) / 100}`,
  ];
  return Object.fromEntries(BATCH_FIELDS.map((f, k) => [f.label, values[k]!]));
};

export const batchItems = (count: number) => Array.from({ length: count }, (_, i) => batchItem(i));

/**
 * Entries a ZIP file says it holds, from its end of central directory record (or the ZIP64 one
 * when the plain record says 0xffff): a written archive that is cut short or malformed fails
 * here rather than being counted as a result.
 */
export const zipEntryCount = (path: string): number => {
  const size = statSync(path).size;
  const tailLength = Math.min(size, 22 + 65_535 + 76);
  const tail = Buffer.alloc(tailLength);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, tail, 0, tailLength, size - tailLength);
  } finally {
    closeSync(fd);
  }
  const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end === -1) throw new Error(`${path}: no end of central directory record`);
  const entries = tail.readUInt16LE(end + 10);
  if (entries !== 0xffff) return entries;
  const end64 = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]), end);
  if (end64 === -1) throw new Error(`${path}: no ZIP64 end of central directory record`);
  return Number(tail.readBigUInt64LE(end64 + 32));
};
