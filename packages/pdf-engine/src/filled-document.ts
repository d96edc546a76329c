/**
 * A filled document as the merged writer sees it: the template's bytes (the base) followed by the
 * engine's incremental update (update-writer.ts), and its pages with the attributes they inherit.
 */
import {
  lastStartxref,
  numberOf,
  PdfObjectTable,
  readChain,
  readSection,
} from './pdf-object-table.ts';
import {
  damaged,
  entryOf,
  isName,
  type PdfDictValue,
  type PdfObjectRecord,
  type PdfValue,
} from './pdf-value-scan.ts';

export type ObjectId = { num: number; gen: number };

export interface FilledDocumentParts {
  bytes: Uint8Array;
  /** The base ends here, trailing line ends left out (an update starts with one more). */
  baseEnd: number;
  /** The base's newest xref section: the update's /Prev. */
  baseStartxref: number;
  /** The objects of the last revision, or undefined when there is none (nothing was filled). */
  update: PdfObjectTable | undefined;
  root: ObjectId;
  /** The newest xref section's offset. */
  startxref: number;
}

const isLineEnd = (c: number | undefined) =>
  c === 0x0a || c === 0x0d || c === 0x20 || c === 0x09 || c === 0x00 || c === 0x0c;

const trimmedEnd = (b: Uint8Array, end: number) => {
  let at = end;
  while (at > 0 && isLineEnd(b[at - 1])) at--;
  return at;
};

/**
 * Splits a document at its last revision. A document with one revision is all base. A template
 * that itself had incremental updates and was filled with nothing is read as a base plus one
 * revision; its output stays correct, only later documents then do not share its base.
 */
export const splitFilledDocument = (bytes: Uint8Array): FilledDocumentParts => {
  const newest = lastStartxref(bytes);
  const section = readSection(bytes, newest);
  const root = entryOf(section.trailer, 'Root');
  if (root?.kind !== 'ref') throw damaged('its trailer names no catalog');
  const prev = numberOf(entryOf(section.trailer, 'Prev'));
  if (prev === undefined) return unfilled(bytes, newest, root);
  // The revision's first byte: its first object, its xref section or its hidden xref stream.
  let start = newest;
  const hidden = numberOf(entryOf(section.trailer, 'XRefStm'));
  if (hidden !== undefined) start = Math.min(start, hidden);
  for (const entry of section.entries.values()) {
    if (entry.type === 1 && entry.offset < start) start = entry.offset;
  }
  if (prev >= start) throw damaged('its last revision overlaps the one before');
  return {
    bytes,
    baseEnd: trimmedEnd(bytes, start),
    baseStartxref: prev,
    update: new PdfObjectTable(bytes, section.entries),
    root,
    startxref: newest,
  };
};

const unfilled = (bytes: Uint8Array, startxref: number, root: ObjectId): FilledDocumentParts => ({
  bytes,
  baseEnd: trimmedEnd(bytes, bytes.length),
  baseStartxref: startxref,
  update: undefined,
  root,
  startxref,
});

/**
 * The document read as all base: for a template with revisions of its own that was filled with
 * nothing, when its bytes are the base of the documents before it.
 */
export const asUnfilled = (parts: FilledDocumentParts): FilledDocumentParts =>
  unfilled(parts.bytes, parts.startxref, parts.root);

/** The base's objects as its own xref chain lists them. */
export const baseTable = (bytes: Uint8Array, parts: FilledDocumentParts): PdfObjectTable =>
  new PdfObjectTable(bytes, readChain(bytes, parts.baseStartxref));

/** Reads an object of the document: the last revision's version first, else the base's. */
export interface DocumentObjects {
  /** Where `num gen R` lives: 'update', 'base', or undefined for a reference to nothing. */
  locate(id: ObjectId): 'update' | 'base' | undefined;
  read(id: ObjectId): PdfObjectRecord;
}

/** A page in document order, with its ancestors (nearest first) for inherited attributes. */
export interface DocumentPage {
  id: ObjectId;
  record: PdfObjectRecord;
  ancestors: PdfObjectRecord[];
}

export interface DocumentPageTree {
  pages: DocumentPage[];
  /** The /Pages nodes' object numbers: they are not copied (the merged file has its own tree). */
  nodes: Set<number>;
  /** The pages' object numbers → index in `pages`. */
  pageIndex: Map<number, number>;
}

const MAX_NODES = 100_000;

const dictOf = (record: PdfObjectRecord): PdfDictValue => {
  if (record.value.kind !== 'dict') throw damaged('a page tree node is not a dictionary');
  return record.value;
};

const isPagesNode = (dict: PdfDictValue) => {
  const type = entryOf(dict, 'Type');
  if (type?.kind === 'name') return isName(dict.source, type, 'Pages');
  return entryOf(dict, 'Kids') !== undefined;
};

/** Walks the page tree without recursion, each node once (a loop or a shared node is an error). */
export const readPageTree = (objects: DocumentObjects, root: ObjectId): DocumentPageTree => {
  const catalog = dictOf(objects.read(root));
  const top = entryOf(catalog, 'Pages');
  if (top?.kind !== 'ref') throw damaged('its catalog has no page tree');
  const pages: DocumentPage[] = [];
  const nodes = new Set<number>();
  const pageIndex = new Map<number, number>();
  const seen = new Set<number>();
  // Depth first, kids in order: a stack of pending refs with their ancestor chains.
  const stack: { ref: PdfValue; ancestors: PdfObjectRecord[] }[] = [{ ref: top, ancestors: [] }];
  while (stack.length > 0) {
    const { ref, ancestors } = stack.pop()!;
    if (ref.kind !== 'ref' || !objects.locate(ref)) continue;
    if (seen.has(ref.num) || seen.size > MAX_NODES) throw damaged('its page tree loops');
    seen.add(ref.num);
    const record = objects.read(ref);
    const dict = dictOf(record);
    if (!isPagesNode(dict)) {
      pageIndex.set(ref.num, pages.length);
      pages.push({ id: { num: ref.num, gen: ref.gen }, record, ancestors });
      continue;
    }
    nodes.add(ref.num);
    const kids = entryOf(dict, 'Kids');
    if (kids?.kind !== 'array') continue;
    const chain = [record, ...ancestors];
    for (let k = kids.items.length - 1; k >= 0; k--)
      stack.push({ ref: kids.items[k]!, ancestors: chain });
  }
  return { pages, nodes, pageIndex };
};

/** Attributes a page takes from its /Pages ancestors when it has none of its own. */
const INHERITED_KEYS = ['Resources', 'MediaBox', 'CropBox', 'Rotate'] as const;

/** For each inheritable key the page lacks: the nearest ancestor record and value holding it. */
export const inheritedValues = (page: DocumentPage) => {
  const own = dictOf(page.record);
  const found: { record: PdfObjectRecord; value: PdfValue; key: string }[] = [];
  for (const key of INHERITED_KEYS) {
    if (entryOf(own, key)) continue;
    for (const ancestor of page.ancestors) {
      const value = entryOf(dictOf(ancestor), key);
      if (value) {
        found.push({ record: ancestor, value, key });
        break;
      }
    }
  }
  return found;
};
