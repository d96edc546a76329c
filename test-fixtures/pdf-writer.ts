/**
 * Writes PDF syntax by hand, for files no well-behaved library would produce: the hostile and
 * broken templates of the corpus. Offsets are computed, so a file is broken only where its
 * builder breaks it on purpose.
 */
import { deflateSync } from 'node:zlib';

/** An indirect object: `body` is any PDF object; a stream gives its dictionary's entries. */
export type PdfObject =
  { id: number; body: string } | { id: number; dict: string; stream: Uint8Array | string };

export interface PdfLayout {
  version?: string;
  /** Bytes before `%PDF-`, as a mail gateway or a bad upload tool leaves them. */
  junkBefore?: string;
  objects: PdfObject[];
  /** How the cross-reference table is damaged, if at all. */
  xref?: 'table' | 'without-keyword' | 'with-stray-text' | 'none';
  /** The trailer's entries (between `<<` and `>>`); null writes no trailer dictionary at all. */
  trailer?: string | null;
}

export const latin1 = (text: string) => Buffer.from(text, 'latin1');
export const deflate = (data: Uint8Array | string) =>
  deflateSync(typeof data === 'string' ? latin1(data) : data, { level: 9 });

const objectBytes = (o: PdfObject): Buffer => {
  if ('body' in o) return latin1(`${o.id} 0 obj\n${o.body}\nendobj\n`);
  const data = typeof o.stream === 'string' ? latin1(o.stream) : Buffer.from(o.stream);
  return Buffer.concat([
    latin1(`${o.id} 0 obj\n<< ${o.dict} /Length ${data.length} >>\nstream\n`),
    data,
    latin1('\nendstream\nendobj\n'),
  ]);
};

/** The classic table's 20-byte entries for objects 0..size-1; ids missing from `offsets` are free. */
const xrefEntries = (offsets: Map<number, number>, size: number, first = 0) =>
  Array.from({ length: size - first }, (_, i) => {
    const offset = offsets.get(first + i);
    if (first + i === 0) return '0000000000 65535 f \n';
    return offset === undefined
      ? '0000000000 00001 f \n'
      : `${String(offset).padStart(10, '0')} 00000 n \n`;
  }).join('');

/** Offsets count from `%PDF-`, as in a file that had junk put in front of it later. */
export const writePdf = (layout: PdfLayout): Uint8Array => {
  const parts: Buffer[] = [latin1(`%PDF-${layout.version ?? '1.7'}\n%\xe2\xe3\xcf\xd3\n`)];
  let length = parts[0]!.length;
  const offsets = new Map<number, number>();
  for (const o of layout.objects) {
    offsets.set(o.id, length);
    const bytes = objectBytes(o);
    parts.push(bytes);
    length += bytes.length;
  }
  const size = Math.max(0, ...layout.objects.map((o) => o.id)) + 1;
  const xrefAt = length;
  const entries = xrefEntries(offsets, size);
  const style = layout.xref ?? 'table';
  const table =
    style === 'none'
      ? ''
      : style === 'without-keyword'
        ? `0 ${size}\n${entries}`
        : style === 'with-stray-text'
          ? `xref\n\n0 ${size}\n${entries}\ndon't panic: this line is not part of the table\n\n`
          : `xref\n0 ${size}\n${entries}`;
  const trailer =
    layout.trailer === null
      ? ''
      : `trailer\n<< /Size ${size} ${layout.trailer ?? '/Root 1 0 R'} >>\n`;
  parts.push(latin1(`${table}${trailer}startxref\n${xrefAt}\n%%EOF\n`));
  return Buffer.concat([latin1(layout.junkBefore ?? ''), ...parts]);
};

/**
 * Appends an incremental update: the new objects, a table for them and a trailer whose /Prev
 * is `prev(ownXrefOffset)` (a loop when it returns the update's own table).
 */
export const appendUpdate = (
  base: Uint8Array,
  objects: PdfObject[],
  trailer: string,
  prev: (ownXrefOffset: number, baseXrefOffset: number) => number,
): Uint8Array => {
  const baseText = Buffer.from(base).toString('latin1');
  const baseXref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(baseText)?.[1] ?? 0);
  const parts: Buffer[] = [Buffer.from(base)];
  let length = base.length;
  const lines: string[] = [];
  for (const o of [...objects].sort((a, b) => a.id - b.id)) {
    lines.push(`${o.id} 1\n${String(length).padStart(10, '0')} 00000 n \n`);
    const bytes = objectBytes(o);
    parts.push(bytes);
    length += bytes.length;
  }
  const xrefAt = length;
  parts.push(
    latin1(
      `xref\n${lines.join('')}trailer\n<< ${trailer} /Prev ${prev(xrefAt, baseXref)} >>\n` +
        `startxref\n${xrefAt}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
};

/** Text in Helvetica at the given places: a page that shows something when rendered. */
export const textContent = (lines: { x: number; y: number; size?: number; text: string }[]) =>
  lines
    .map(({ x, y, size, text }) => {
      const escaped = text.replace(/[\\()]/g, (c) => `\\${c}`);
      return `BT /F1 ${size ?? 14} Tf ${x} ${y} Td (${escaped}) Tj ET`;
    })
    .join('\n');

export const HELVETICA =
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';

/**
 * A one-page letter document as objects 1 (catalog), 2 (pages), 3 (page), 4 (content) and
 * 5 (font); builders add entries or objects from 6 on.
 */
export const onePage = (opts: {
  text: string;
  catalog?: string;
  pages?: string;
  page?: string;
  content?: PdfObject;
}): PdfObject[] => [
  { id: 1, body: `<< /Type /Catalog /Pages 2 0 R ${opts.catalog ?? ''} >>` },
  { id: 2, body: opts.pages ?? '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
  {
    id: 3,
    body:
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ' +
      `/Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R ${opts.page ?? ''} >>`,
  },
  opts.content ?? { id: 4, dict: '', stream: textContent([{ x: 72, y: 700, text: opts.text }]) },
  { id: 5, body: HELVETICA },
];
