/**
 * Hostile and broken PDFs: each breaks one rule a reader relies on, the way files found in the
 * wild do (see the catalogue in corpus.ts for what each is for).
 */
import { createDeflate, deflateSync } from 'node:zlib';
import {
  appendUpdate,
  deflate,
  HELVETICA,
  latin1,
  onePage,
  textContent,
  writePdf,
  type PdfObject,
} from './pdf-writer.ts';

export const notAPdf = () => latin1('oops\n');

/** No header, and a startxref offset at INT32_MAX: integer overflow bait for a tolerant reader. */
export const startxrefOverflow = () => latin1('garbage\nstartxref 6 2147483647\n');

export const junkBeforeHeader = () =>
  writePdf({ junkBefore: 'leading junk\n\n', objects: onePage({ text: 'After some junk' }) });

/** A /Kids entry points back to the root: one real page inside a cycle. */
export const pageTreeLoop = () =>
  writePdf({
    objects: [
      ...onePage({
        text: 'A page tree with a loop',
        pages: '<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 2 >>',
      }),
      { id: 6, body: '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>' },
    ],
  });

/** 108 nested /Pages nodes whose deepest one points back up: the one page hangs off nothing. */
export const pageTreeDeepLoop = () => {
  const depth = 108;
  const first = 10;
  const last = first + depth - 1;
  const nodes: PdfObject[] = Array.from({ length: depth }, (_, i) => {
    const id = first + i;
    const kid = id === last ? first + 50 : id + 1;
    const parent = i === 0 ? '' : `/Parent ${id - 1} 0 R`;
    return { id, body: `<< /Type /Pages ${parent} /Kids [${kid} 0 R] /Count 1 >>` };
  });
  return writePdf({
    objects: [
      { id: 1, body: `<< /Type /Catalog /Pages ${first} 0 R >>` },
      {
        id: 3,
        body:
          `<< /Type /Page /Parent ${last} 0 R /MediaBox [0 0 612 792] ` +
          '/Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
      },
      { id: 4, dict: '', stream: textContent([{ x: 72, y: 700, text: 'Unreachable page' }]) },
      { id: 5, body: HELVETICA },
      ...nodes,
    ],
  });
};

/** The page count says ten billion; the tree holds one page. */
export const pageCountLie = () =>
  writePdf({
    objects: onePage({
      text: 'One page, whatever /Count says',
      pages: '<< /Type /Pages /Kids [3 0 R] /Count 9999999999 >>',
    }),
  });

/** Three pages, then an incremental update whose /Prev names the update's own table. */
export const xrefPrevLoop = () => {
  const page = (id: number, content: number) => ({
    id,
    body:
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ' +
      `/Resources << /Font << /F1 5 0 R >> >> /Contents ${content} 0 R >>`,
  });
  const base = writePdf({
    objects: [
      { id: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
      { id: 2, body: '<< /Type /Pages /Kids [3 0 R 6 0 R 8 0 R] /Count 3 >>' },
      page(3, 4),
      { id: 4, dict: '', stream: textContent([{ x: 72, y: 700, text: 'Page one' }]) },
      { id: 5, body: HELVETICA },
      page(6, 7),
      { id: 7, dict: '', stream: textContent([{ x: 72, y: 700, text: 'Page two' }]) },
      page(8, 9),
      { id: 9, dict: '', stream: textContent([{ x: 72, y: 700, text: 'Page three' }]) },
    ],
  });
  const update = [{ id: 4, dict: '', stream: textContent([{ x: 72, y: 700, text: 'Updated' }]) }];
  return appendUpdate(base, update, '/Size 10 /Root 1 0 R', (own) => own);
};

export const xrefWithoutKeyword = () =>
  writePdf({ xref: 'without-keyword', objects: onePage({ text: 'No xref keyword' }) });

export const xrefWithStrayText = () =>
  writePdf({ xref: 'with-stray-text', objects: onePage({ text: 'Stray text in the xref' }) });

export const missingTrailer = () =>
  writePdf({ trailer: null, objects: onePage({ text: 'No trailer dictionary' }) });

export const rootMissing = () =>
  writePdf({ trailer: '/Root 99 0 R', objects: onePage({ text: 'The root is elsewhere' }) });

/** Flate data cut and overwritten halfway: the first lines decode, the rest is noise. */
export const damagedFlateStream = () => {
  const lines = Array.from({ length: 40 }, (_, i) => ({
    x: 72,
    y: 750 - i * 16,
    size: 11,
    text: `Line ${i + 1} of a content stream that breaks halfway`,
  }));
  const data = deflate(textContent(lines));
  for (let i = Math.floor(data.length / 2); i < data.length; i += 7) data[i] = 0xff - data[i]!;
  return writePdf({
    objects: onePage({ text: '', content: { id: 4, dict: '/Filter /FlateDecode', stream: data } }),
  });
};

/**
 * The catalog, page tree and page sit in an object stream that also claims to hold itself;
 * the cross-reference is a stream (W [1 4 2]).
 */
export const objectStreamSelfReference = () => {
  const inside = [
    [1, '<< /Type /Catalog /Pages 2 0 R >>'],
    [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
    [3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>'],
    [6, '<< /Type /ObjStm /N 1 /First 4 >>'],
  ] as const;
  let offset = 0;
  const header: string[] = [];
  const bodies: string[] = [];
  for (const [id, body] of inside) {
    header.push(`${id} ${offset}`);
    bodies.push(body);
    offset += body.length + 1;
  }
  const head = `${header.join(' ')}\n`;
  const objStm = `${head}${bodies.join('\n')}\n`;
  const prefix = latin1('%PDF-1.5\n%\xe2\xe3\xcf\xd3\n');
  const content = latin1(
    `4 0 obj\n<< /Length 36 >>\nstream\n${'BT /F1 12 Tf 72 700 Td (x) Tj ET'.padEnd(36)}\nendstream\nendobj\n`,
  );
  const objStmObj = Buffer.concat([
    latin1(
      `6 0 obj\n<< /Type /ObjStm /N ${inside.length} /First ${head.length} /Length ${objStm.length} >>\nstream\n`,
    ),
    latin1(objStm),
    latin1('\nendstream\nendobj\n'),
  ]);
  const contentAt = prefix.length;
  const objStmAt = contentAt + content.length;
  const xrefAt = objStmAt + objStmObj.length;
  const row = (type: number, a: number, b: number) =>
    Buffer.from([
      type,
      (a >>> 24) & 255,
      (a >>> 16) & 255,
      (a >>> 8) & 255,
      a & 255,
      b >> 8,
      b & 255,
    ]);
  const rows = Buffer.concat([
    row(0, 0, 65535),
    row(2, 6, 0),
    row(2, 6, 1),
    row(2, 6, 2),
    row(1, contentAt, 0),
    row(0, 0, 1),
    row(2, 6, 3), // object 6 says it lives inside object 6
    row(1, xrefAt, 0),
  ]);
  const xref = Buffer.concat([
    latin1(
      `7 0 obj\n<< /Type /XRef /Size 8 /W [1 4 2] /Root 1 0 R /Length ${rows.length} >>\nstream\n`,
    ),
    rows,
    latin1(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`),
  ]);
  return Buffer.concat([prefix, content, objStmObj, xref]);
};

/** Deflates `total` bytes of spaces without holding them: 1 MiB at a time. */
const deflateSpaces = (total: number) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunk = Buffer.alloc(1 << 20, 0x20);
    const out: Buffer[] = [];
    const z = createDeflate({ level: 9 });
    z.on('data', (c: Buffer) => out.push(c)).on('end', () => resolve(Buffer.concat(out)));
    z.on('error', reject);
    let left = total / chunk.length;
    const pump = () => {
      while (left > 0) {
        left -= 1;
        if (!z.write(chunk)) return void z.once('drain', pump);
      }
      z.end();
    };
    pump();
  });

/** 2.5 KB on disk, 1 GiB of spaces once both Flate filters are undone. */
export const flateBomb = async () => {
  const once = await deflateSpaces(1 << 30);
  const twice = deflateSync(once, { level: 9 });
  return writePdf({
    objects: [
      ...onePage({ text: '', page: '' }).filter((o) => o.id !== 3 && o.id !== 4),
      {
        id: 3,
        body:
          '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ' +
          '/Resources << /Font << /F1 5 0 R >> >> /Contents [4 0 R 6 0 R] >>',
      },
      { id: 4, dict: '', stream: textContent([{ x: 72, y: 700, text: 'A decompression bomb' }]) },
      { id: 6, dict: '/Filter [/FlateDecode /FlateDecode]', stream: twice },
    ],
  });
};

/** An image that claims 100000 × 100000 pixels (10 gigapixels) and brings data for 100 rows. */
export const giantImage = () =>
  writePdf({
    objects: [
      ...onePage({ text: '', page: '' }).filter((o) => o.id !== 3 && o.id !== 4),
      {
        id: 3,
        body:
          '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ' +
          '/Resources << /XObject << /Im1 6 0 R >> >> /Contents 4 0 R >>',
      },
      { id: 4, dict: '', stream: 'q 500 0 0 500 56 146 cm /Im1 Do Q' },
      {
        id: 6,
        dict:
          '/Type /XObject /Subtype /Image /Width 100000 /Height 100000 ' +
          '/ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode',
        stream: deflate(Buffer.alloc(100_000 * 100, 0x80)),
      },
    ],
  });

/** Two Type3 fonts whose glyphs draw each other: a renderer without a depth limit never ends. */
export const type3Cycle = () => {
  const type3 = (id: number, proc: number, other: string) => ({
    id,
    body:
      '<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] /FontMatrix [0.001 0 0 0.001 0 0] ' +
      `/CharProcs << /a ${proc} 0 R >> /Encoding << /Type /Encoding /Differences [97 /a] >> ` +
      `/FirstChar 97 /LastChar 97 /Widths [1000] /Resources << /Font << /${other} ${id === 6 ? 7 : 6} 0 R >> >> >>`,
  });
  return writePdf({
    objects: [
      ...onePage({ text: '' }).filter((o) => o.id !== 3 && o.id !== 4),
      {
        id: 3,
        body:
          '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ' +
          '/Resources << /Font << /F1 5 0 R /FA 6 0 R >> >> /Contents 4 0 R >>',
      },
      {
        id: 4,
        dict: '',
        stream: 'BT /F1 12 Tf 72 700 Td (Type3 cycle) Tj ET\nBT /FA 24 Tf 72 600 Td (a) Tj ET',
      },
      type3(6, 8, 'FB'),
      type3(7, 9, 'FA'),
      { id: 8, dict: '', stream: '1000 0 d0 BT /FB 1000 Tf 0 0 Td (a) Tj ET' },
      { id: 9, dict: '', stream: '1000 0 d0 BT /FA 1000 Tf 0 0 Td (a) Tj ET' },
    ],
  });
};
