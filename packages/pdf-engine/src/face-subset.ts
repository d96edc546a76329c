/**
 * Per-document embedded fonts. A document's content streams name glyphs by CIDs numbered per
 * document (document-glyphs.ts, Identity-H); the font objects written with the document hold a
 * subset of exactly the glyphs that document drew, made by HarfBuzz's subsetter (hb-subset,
 * WebAssembly from the harfbuzzjs package), and a /CIDToGIDMap from those CIDs to the subset's
 * glyph ids. No document ever carries a glyph that only another document's values needed.
 *
 * Subsets are cached by face and glyph set: documents with the same characters share the bytes
 * (otherwise about 0.3 ms to subset a CJK set of 30 glyphs). The subsetter and its caches belong
 * to one fill engine ({@link FaceSubsetter}).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FaceGlyphs } from './document-glyphs.ts';
import type { Face } from './faces.ts';
import { num, refString, type ObjectRef, type WrittenObject } from './pdf-syntax.ts';
import { toUnicodeCMap } from './to-unicode-cmap.ts';

// Node's global WebAssembly; the TypeScript setup here has no DOM library that would declare it.
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: object };
};

interface SubsetExports {
  memory: { buffer: ArrayBuffer };
  malloc(size: number): number;
  free(ptr: number): void;
  hb_blob_create(data: number, length: number, mode: number, user: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_length(blob: number): number;
  hb_blob_get_data(blob: number, length: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, value: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_glyph_set(input: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_input_set(input: number, setType: number): number;
  hb_subset_or_fail(face: number, input: number): number;
  hb_subset_preprocess(face: number): number;
}

const NO_HINTING = 0x1;
const RETAIN_GIDS = 0x2;
/** Shaping is done: only the glyphs drawn are needed, not those GSUB could reach from them. */
const NO_LAYOUT_CLOSURE = 0x200;
const DROP_TABLE_TAGS = 3; // hb_subset_sets_t
/** Tables a PDF viewer never reads from an embedded TrueType font: layout and vertical metrics. */
const DROPPED_TABLES = [
  'GSUB',
  'GPOS',
  'GDEF',
  'BASE',
  'JSTF',
  'MATH',
  'STAT',
  'vhea',
  'vmtx',
  'VORG',
  'DSIG',
  // The colour face's layers are drawn as glyphs of their own (draw-glyphs.ts): viewers never
  // read these.
  'COLR',
  'CPAL',
];
const tag = (name: string) =>
  ((name.charCodeAt(0) << 24) |
    (name.charCodeAt(1) << 16) |
    (name.charCodeAt(2) << 8) |
    name.charCodeAt(3)) >>>
  0;

// The compiled module, like any import, once per thread; its instances belong to an engine.
let subsetModule: object | undefined;

/**
 * A new instance of the subsetter. Its memory is fixed at 65 MB (harfbuzzjs builds it without
 * memory growth): three CJK faces, copied in and preprocessed, fill it and the fourth's copy
 * fails. So each face gets an instance of its own (see {@link FaceSubsetter}).
 */
const loadSubsetter = (): SubsetExports => {
  const path = createRequire(import.meta.url).resolve('harfbuzzjs/dist/harfbuzz-subset.wasm');
  subsetModule ??= new WebAssembly.Module(readFileSync(path));
  return new WebAssembly.Instance(subsetModule, {}).exports as unknown as SubsetExports;
};

/** A table of a TrueType font, located through its table directory. */
const table = (font: Uint8Array, tag: string): DataView | undefined => {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const count = view.getUint16(4);
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    const name = String.fromCharCode(...font.subarray(at, at + 4));
    if (name !== tag) continue;
    const offset = view.getUint32(at + 8);
    return new DataView(font.buffer, font.byteOffset + offset, view.getUint32(at + 12));
  }
  return undefined;
};

/**
 * The glyphs plus the parts of composite glyphs (ł = l + stroke), which the subsetter adds on its
 * own: knowing them tells each glyph's id in the subset (the subset keeps the original order).
 */
const withComponents = (font: Uint8Array, gids: readonly number[]): number[] => {
  const head = table(font, 'head');
  const loca = table(font, 'loca');
  const glyf = table(font, 'glyf');
  const all = new Set([0, ...gids]);
  if (!head || !loca || !glyf) return [...all].sort((a, b) => a - b);
  const isLong = head.getInt16(50) === 1;
  const start = (gid: number) => (isLong ? loca.getUint32(gid * 4) : loca.getUint16(gid * 2) * 2);
  const queue = [...all];
  while (queue.length > 0) {
    const gid = queue.pop()!;
    const from = start(gid);
    if (start(gid + 1) - from < 10 || glyf.getInt16(from) >= 0) continue; // empty or simple
    let at = from + 10;
    for (;;) {
      const flags = glyf.getUint16(at);
      const part = glyf.getUint16(at + 2);
      if (!all.has(part)) {
        all.add(part);
        queue.push(part);
      }
      at += 4 + (flags & 0x1 ? 4 : 2) + (flags & 0x8 ? 2 : flags & 0x40 ? 4 : flags & 0x80 ? 8 : 0);
      if (!(flags & 0x20)) break;
    }
  }
  return [...all].sort((a, b) => a - b);
};

interface SubsetBytes {
  /** The font program, uncompressed: a few KB, and deflating it cost more than the rest of a document. */
  fontFile: Uint8Array;
  /** Each glyph's id in the subset, by its id in the face. */
  newIds: Map<number, number>;
  tag: string;
}

const runSubset = (
  e: SubsetExports,
  face: number,
  glyphs: number[],
  flags: number,
): Uint8Array | undefined => {
  const input = e.hb_subset_input_create_or_fail();
  const set = e.hb_subset_input_glyph_set(input);
  for (const gid of glyphs) e.hb_set_add(set, gid);
  const dropped = e.hb_subset_input_set(input, DROP_TABLE_TAGS);
  for (const name of DROPPED_TABLES) e.hb_set_add(dropped, tag(name));
  e.hb_subset_input_set_flags(input, flags);
  const result = e.hb_subset_or_fail(face, input);
  e.hb_subset_input_destroy(input);
  if (!result) return undefined;
  const blob = e.hb_face_reference_blob(result);
  const bytes = new Uint8Array(
    e.memory.buffer,
    e.hb_blob_get_data(blob, 0),
    e.hb_blob_get_length(blob),
  ).slice();
  e.hb_blob_destroy(blob);
  e.hb_face_destroy(result);
  return bytes;
};

/** Six capital letters naming a subset, from its glyph set (PDF's subset prefix). */
const subsetTag = (key: string) => {
  let hash = 2166136261;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 16777619);
  let tag = '';
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + ((hash >>> 0) % 26));
    hash = Math.floor((hash >>> 0) / 26) + i * 7919;
  }
  return tag;
};

const binaryStream = (ref: ObjectRef, dict: string, data: Uint8Array): WrittenObject => {
  const head = Buffer.from(
    `${ref.num} ${ref.gen} obj\n<<${dict} /Length ${data.length} >>\nstream\n`,
    'latin1',
  );
  const tail = Buffer.from('\nendstream\nendobj\n', 'latin1');
  const bytes = new Uint8Array(head.length + data.length + tail.length);
  bytes.set(head, 0);
  bytes.set(data, head.length);
  bytes.set(tail, head.length + data.length);
  return { ref, data: bytes };
};

/** Everything of a document's font that does not depend on object numbers. */
interface FontParts {
  name: string;
  widths: string;
  descriptor: string;
  fontFile: Uint8Array;
  map: Uint8Array;
  cmap: string;
}

/** A document's font parts from the subset of exactly its glyphs. */
const buildFontParts = (face: Face, used: FaceGlyphs, subset: SubsetBytes): FontParts => {
  const map = new Uint8Array((used.gids.length + 1) * 2); // CID 0 (unused) maps to .notdef
  used.gids.forEach((gid, i) => {
    const newId = subset.newIds.get(gid)!;
    map[(i + 1) * 2] = newId >> 8;
    map[(i + 1) * 2 + 1] = newId & 0xff;
  });
  const name = `/${subset.tag}+${face.postScriptName}`;
  const scale = 1000 / face.upem;
  return {
    name,
    widths: used.gids.map((gid) => num(Math.round(face.advance(gid) * scale))).join(' '),
    descriptor:
      ` /Type /FontDescriptor /FontName ${name} /Flags 4` +
      ` /FontBBox [${face.bbox.map((v) => num(Math.round(v * scale))).join(' ')}]` +
      ` /ItalicAngle 0 /Ascent ${num(Math.round(face.ascent * scale))}` +
      ` /Descent ${num(Math.round(face.descent * scale))}` +
      ` /CapHeight ${num(Math.round(face.ascent * scale))} /StemV 80`,
    fontFile: subset.fontFile,
    map,
    cmap: toUnicodeCMap(used.texts),
  };
};

/**
 * A document's font objects: Type0 font, CIDFontType2, descriptor, subset program,
 * CID-to-glyph map and ToUnicode CMap, numbered from `allocate`.
 */
const writeFontObjects = (
  parts: FontParts,
  allocate: () => ObjectRef,
): { ref: ObjectRef; objects: WrittenObject[] } => {
  const [type0, cidFont, descriptor, file, mapRef, cmap] = Array.from({ length: 6 }, allocate) as [
    ObjectRef,
    ObjectRef,
    ObjectRef,
    ObjectRef,
    ObjectRef,
    ObjectRef,
  ];
  const dict = (ref: ObjectRef, body: string): WrittenObject => ({
    ref,
    data: `${ref.num} 0 obj\n<<${body} >>\nendobj\n`,
  });
  const objects: WrittenObject[] = [
    dict(
      type0,
      ` /Type /Font /Subtype /Type0 /BaseFont ${parts.name} /Encoding /Identity-H` +
        ` /DescendantFonts [${refString(cidFont)}] /ToUnicode ${refString(cmap)}`,
    ),
    dict(
      cidFont,
      ` /Type /Font /Subtype /CIDFontType2 /BaseFont ${parts.name}` +
        ' /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>' +
        ` /FontDescriptor ${refString(descriptor)} /DW 0 /W [1 [${parts.widths}]]` +
        ` /CIDToGIDMap ${refString(mapRef)}`,
    ),
    dict(descriptor, `${parts.descriptor} /FontFile2 ${refString(file)}`),
    binaryStream(file, ` /Length1 ${parts.fontFile.length}`, parts.fontFile),
    binaryStream(mapRef, '', parts.map),
    {
      ref: cmap,
      data: `${cmap.num} 0 obj\n<< /Length ${parts.cmap.length} >>\nstream\n${parts.cmap}\nendstream\nendobj\n`,
    },
  ];
  return { ref: type0, objects };
};

const SUBSET_CACHE_BYTES = 16 * 1024 * 1024;
const MAX_PARTS = 1024;

/**
 * HarfBuzz's subsetter with what it has made, owned by one fill engine (engine-fonts.ts): the
 * faces copied into its memory, subsets by face and glyph set (16 MB), and font parts by face,
 * glyphs in CID order and their characters (documents with the same values draw the same glyphs
 * in the same order, and then only the object numbers differ). Dropping the engine drops all of
 * it, WebAssembly memory included.
 */
export class FaceSubsetter {
  /**
   * Each face's bytes copied once into a subsetter's memory, as an hb_face, and how often it
   * was subset. Every face has a subsetter instance of its own: one instance's fixed memory holds
   * no more than three CJK faces. An instance costs about 1 ms to make, and only the memory a
   * face's copy and tables touch is resident. A face is preprocessed (hb_subset_preprocess: its tables indexed once) when it is
   * subset a second time: that costs 0.2-0.4 s for a CJK face and brings each later subset from
   * several milliseconds to a few tenths, but an engine that draws one document should not pay it.
   */
  private readonly hbFaces = new Map<Face, { e: SubsetExports; ptr: number; uses: number }>();
  private readonly subsets = new Map<string, SubsetBytes>();
  private subsetBytes = 0;
  private readonly parts = new Map<string, FontParts>();

  /** The font objects for one document's use of a face, numbered from `allocate`. */
  documentFontObjects(
    face: Face,
    used: FaceGlyphs,
    allocate: () => ObjectRef,
  ): { ref: ObjectRef; objects: WrittenObject[] } {
    return writeFontObjects(this.fontParts(face, used), allocate);
  }

  private fontParts(face: Face, used: FaceGlyphs): FontParts {
    const key = `${face.name}|${used.gids.join(',')}|${used.texts.join('\u0001')}`;
    let parts = this.parts.get(key);
    if (parts) return parts;
    const subset = this.subsetOf(
      face,
      [...used.gids].sort((a, b) => a - b),
    );
    parts = buildFontParts(face, used, subset);
    if (this.parts.size >= MAX_PARTS) this.parts.clear();
    this.parts.set(key, parts);
    return parts;
  }

  /** The subset of a face holding exactly these glyphs (sorted ids), from the cache when known. */
  private subsetOf(face: Face, gids: readonly number[]): SubsetBytes {
    const key = `${face.name}:${gids.join(',')}`;
    let subset = this.subsets.get(key);
    if (subset) {
      this.subsets.delete(key); // most recently used last
      this.subsets.set(key, subset);
      return subset;
    }
    subset = this.makeSubset(face, gids, key);
    this.subsets.set(key, subset);
    this.subsetBytes += subset.fontFile.length;
    for (const [oldKey, old] of this.subsets) {
      if (this.subsetBytes <= SUBSET_CACHE_BYTES || old === subset) break;
      this.subsets.delete(oldKey);
      this.subsetBytes -= old.fontFile.length;
    }
    return subset;
  }

  private makeSubset(face: Face, gids: readonly number[], key: string): SubsetBytes {
    const { e, ptr: hbFace } = this.hbFace(face);
    const kept = withComponents(face.bytes, gids);
    let font = runSubset(e, hbFace, kept, NO_HINTING | NO_LAYOUT_CLOSURE);
    const maxp = font && table(font, 'maxp');
    const newIds = new Map<number, number>();
    if (font && maxp && maxp.getUint16(4) === kept.length) {
      kept.forEach((gid, newId) => newIds.set(gid, newId));
    } else {
      // The subsetter kept other glyphs than expected: keep every id where it was instead.
      font = runSubset(e, hbFace, kept, NO_HINTING | NO_LAYOUT_CLOSURE | RETAIN_GIDS);
      if (!font) throw new Error(`Subsetting ${face.name} failed.`);
      for (const gid of kept) newIds.set(gid, gid);
    }
    return { fontFile: font, newIds, tag: subsetTag(key) };
  }

  private hbFace(face: Face): { e: SubsetExports; ptr: number } {
    let known = this.hbFaces.get(face);
    if (known === undefined) {
      const e = loadSubsetter();
      const data = e.malloc(face.bytes.length);
      // 0: it does not fit (never write there: that is the instance's own memory).
      if (!data) throw new Error(`${face.name} does not fit the subsetter's memory.`);
      new Uint8Array(e.memory.buffer).set(face.bytes, data);
      const READONLY = 1;
      const ptr = e.hb_face_create(e.hb_blob_create(data, face.bytes.length, READONLY, 0, 0), 0);
      known = { e, ptr, uses: 0 };
      this.hbFaces.set(face, known);
    }
    if (++known.uses === 2) {
      const raw = known.ptr;
      known.ptr = known.e.hb_subset_preprocess(raw);
      known.e.hb_face_destroy(raw); // the preprocessed face keeps its own reference to the blob
    }
    return known;
  }
}
