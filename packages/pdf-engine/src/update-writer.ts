/**
 * Writes a document as an incremental update: the template's bytes unchanged, then the new and
 * replaced objects, then an xref section of the same kind as the template's newest one (a table
 * after a table, an xref stream after a stream) whose /Prev points back at it.
 *
 * Per touched page the update holds the shared `q` stream, a new content stream that starts
 * with `Q` (so the template's drawing cannot leave a transformation behind, as pdf-lib does it)
 * and the page object rewritten with /Contents [q …template's streams… ours] and its resources
 * plus ours. Shared fonts and pictures are copied in as finished bytes.
 */
import { FaceFont } from './draw-glyphs.ts';
import { builtFontResource, fontResource, StandardFont } from './engine-font.ts';
import type { FaceSubsetter } from './face-subset.ts';
import type { DocumentGlyphs } from './document-glyphs.ts';
import type { Face } from './faces.ts';
import type { MaybePromise } from './maybe-async.ts';
import type { PageCanvas } from './page-canvas.ts';
import {
  byteLength,
  dictObject,
  refString,
  textStreamObject,
  type ObjectRef,
  type WrittenObject,
} from './pdf-syntax.ts';
import type { PreparedPage, PreparedTemplate, TrailerInfo } from './prepared-template.ts';
import type { PdfResource } from './template-resources.ts';

type Resolved = { canvas: PageCanvas; page: PreparedPage; resources: PdfResource[] };

const entriesFor = (resources: PdfResource[], kind: PdfResource['kind']) =>
  resources
    .filter((r) => r.kind === kind)
    .map((r) => ` ${r.name} ${refString(r.ref)}`)
    .join('');

const pageObject = (t: PreparedTemplate, p: Resolved, content: ObjectRef): WrittenObject => {
  const { page, resources } = p;
  const contents = [refString(t.resources.pushState.ref), page.contents, refString(content)];
  const sub = (key: string, own: string, ours: string) =>
    own || ours ? ` /${key} <<${own}${ours} >>` : '';
  const resourcesText =
    page.resourcesBody +
    sub('Font', page.fonts, entriesFor(resources, 'Font')) +
    sub('XObject', page.xObjects, entriesFor(resources, 'XObject')) +
    sub('ExtGState', page.extGStates, entriesFor(resources, 'ExtGState'));
  const body = `${page.dictBody} /Contents [${contents.filter(Boolean).join(' ')}] /Resources <<${resourcesText} >> `;
  return dictObject(page.ref, body);
};

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** Consecutive object numbers grouped as xref subsections: [first, count] pairs. */
const subsections = (numbers: number[]): [number, number][] => {
  const groups: [number, number][] = [];
  for (const n of numbers) {
    const last = groups.at(-1);
    if (last && last[0] + last[1] === n) last[1]++;
    else groups.push([n, 1]);
  }
  return groups;
};

const trailerEntries = (trailer: TrailerInfo, size: number) =>
  ` /Size ${size} /Root ${trailer.root}${trailer.info ? ` /Info ${trailer.info}` : ''}` +
  `${trailer.id ? ` /ID ${trailer.id}` : ''} /Prev ${trailer.startxref}`;

const xrefTable = (offsets: Map<number, { gen: number; at: number }>, trailer: TrailerInfo) => {
  const numbers = [...offsets.keys()].sort((a, b) => a - b);
  let text = 'xref\n';
  for (const [first, count] of subsections(numbers)) {
    text += `${first} ${count}\n`;
    for (let n = first; n < first + count; n++) {
      const entry = offsets.get(n)!;
      text += `${pad(entry.at, 10)} ${pad(entry.gen, 5)} n\r\n`;
    }
  }
  const size = numbers.at(-1)! + 1;
  return `${text}trailer\n<<${trailerEntries(trailer, size)} >>\n`;
};

/** An xref stream listing itself too; entries are [type 1 byte][offset 4][generation 2]. */
const xrefStream = (
  offsets: Map<number, { gen: number; at: number }>,
  trailer: TrailerInfo,
  self: ObjectRef,
): WrittenObject => {
  const numbers = [...offsets.keys()].sort((a, b) => a - b);
  const data = new Uint8Array(numbers.length * 7);
  const view = new DataView(data.buffer);
  numbers.forEach((n, i) => {
    const entry = offsets.get(n)!;
    data[i * 7] = 1;
    view.setUint32(i * 7 + 1, entry.at);
    view.setUint16(i * 7 + 5, entry.gen);
  });
  const index = subsections(numbers).flat().join(' ');
  const dict =
    `<< /Type /XRef${trailerEntries(trailer, numbers.at(-1)! + 1)} /Index [${index}]` +
    ` /W [1 4 2] /Length ${data.length} >>`;
  const head = Buffer.from(`${self.num} ${self.gen} obj\n${dict}\nstream\n`, 'latin1');
  const tail = Buffer.from('\nendstream\nendobj\n', 'latin1');
  const bytes = new Uint8Array(head.length + data.length + tail.length);
  bytes.set(head, 0);
  bytes.set(data, head.length);
  bytes.set(tail, head.length + data.length);
  return { ref: self, data: bytes };
};

/** Builds the fonts the pages use that the template does not have built yet. */
const buildFonts = async (t: PreparedTemplate, canvases: ReadonlyMap<number, PageCanvas>) => {
  for (const canvas of canvases.values()) {
    for (const font of canvas.fonts.keys()) {
      if (font instanceof StandardFont) await fontResource(font, t.resources);
    }
  }
};

/** Fonts and shared objects of each touched page, or undefined while a font is not built. */
const builtPages = (
  t: PreparedTemplate,
  canvases: ReadonlyMap<number, PageCanvas>,
): Resolved[] | undefined => {
  const resolved: Resolved[] = [];
  for (const [index, canvas] of [...canvases].sort((a, b) => a[0] - b[0])) {
    const resources = [...canvas.shared];
    for (const [font, name] of canvas.fonts) {
      if (!(font instanceof StandardFont)) continue; // embedded faces: written per document
      const resource = builtFontResource(font, t.resources);
      if (!resource) return undefined;
      resources.push({ ...resource, name });
    }
    resolved.push({ canvas, page: t.pages[index]!, resources });
  }
  return resolved;
};

const assemble = (base: Uint8Array, chunks: (string | Uint8Array)[]): Uint8Array => {
  const total = chunks.reduce((sum, c) => sum + byteLength(c), base.length);
  const out = Buffer.allocUnsafeSlow(total);
  out.set(base, 0);
  let at = base.length;
  for (const chunk of chunks) {
    if (typeof chunk === 'string') at += out.write(chunk, at, 'latin1');
    else {
      out.set(chunk, at);
      at += chunk.length;
    }
  }
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
};

/**
 * The finished document: the template's bytes followed by one update holding what the pages'
 * canvases drew. A document with nothing drawn is the template's bytes as they are. Written at
 * once when every font it uses is built (see maybe-async.ts), else after building them.
 */
export const writeUpdate = (
  t: PreparedTemplate,
  canvases: ReadonlyMap<number, PageCanvas>,
  subsetter: FaceSubsetter,
): MaybePromise<Uint8Array> => {
  if (canvases.size === 0) return new Uint8Array(t.base);
  const pages = builtPages(t, canvases);
  return pages ? writePages(t, pages, subsetter) : buildThenWrite(t, canvases, subsetter);
};

const buildThenWrite = async (
  t: PreparedTemplate,
  canvases: ReadonlyMap<number, PageCanvas>,
  subsetter: FaceSubsetter,
) => {
  for (;;) {
    await buildFonts(t, canvases);
    // Another document may have grown a subset meanwhile; then build again.
    const pages = builtPages(t, canvases);
    if (pages) return writePages(t, pages, subsetter);
  }
};

/**
 * The embedded faces' font objects of this document: one subset per face with every glyph its
 * pages drew (and no other), shared by its pages.
 */
const documentFaces = (
  subsetter: FaceSubsetter,
  glyphs: DocumentGlyphs,
  allocate: () => ObjectRef,
) => {
  const fonts = new Map<Face, PdfResource>();
  for (const [face, used] of glyphs.faces) {
    if (used.gids.length === 0) continue;
    const { ref, objects } = subsetter.documentFontObjects(face, used, allocate);
    fonts.set(face, { kind: 'Font', name: '', ref, objects });
  }
  return fonts;
};

/** Nothing here awaits: numbers above firstFree belong to this document alone. */
const writePages = (
  t: PreparedTemplate,
  pages: Resolved[],
  subsetter: FaceSubsetter,
): Uint8Array => {
  let next = t.resources.firstFree;
  const objects: WrittenObject[] = [...t.resources.pushState.objects];
  const seen = new Set<PdfResource['ref']['num']>();
  // One glyph registry per document, shared by its canvases; none when only standard fonts drew.
  const glyphs = pages[0]?.canvas.drawnGlyphs;
  const faceFonts = glyphs && documentFaces(subsetter, glyphs, () => ({ num: next++, gen: 0 }));
  for (const p of pages) {
    if (faceFonts) {
      for (const [font, name] of p.canvas.fonts) {
        if (font instanceof FaceFont) p.resources.push({ ...faceFonts.get(font.face)!, name });
      }
    }
    for (const r of p.resources) {
      if (seen.has(r.ref.num)) continue;
      seen.add(r.ref.num);
      objects.push(...r.objects);
    }
    const content: ObjectRef = { num: next++, gen: 0 };
    objects.push(textStreamObject(content, `Q\n${p.canvas.content}`));
    objects.push(pageObject(t, p, content));
  }
  const offsets = new Map<number, { gen: number; at: number }>();
  const chunks: (string | Uint8Array)[] = ['\n'];
  let at = t.base.length + 1;
  for (const o of objects) {
    offsets.set(o.ref.num, { gen: o.ref.gen, at });
    chunks.push(o.data);
    at += byteLength(o.data);
  }
  if (t.trailer.style === 'table') {
    chunks.push(xrefTable(offsets, t.trailer));
  } else {
    const self: ObjectRef = { num: next++, gen: 0 };
    offsets.set(self.num, { gen: 0, at });
    chunks.push(xrefStream(offsets, t.trailer, self).data);
  }
  chunks.push(`startxref\n${at}\n%%EOF\n`);
  return assemble(t.base, chunks);
};
