/**
 * One PDF from many filled documents of one template version: all pages of the first document,
 * then the second's, and so on, written to a sink as each document is added, so memory holds a
 * document or two and never the batch.
 *
 * Every document is the template's bytes plus the engine's incremental update. The first
 * document's base (everything before its update) is taken as the template; a later document
 * whose base has the same bytes (compared in full) shares it: the template's fonts, pictures,
 * content streams and resources are written once, and per document only its pages and the
 * update's objects are. A document whose base differs, or whose update replaces a template object
 * other than a page, is copied whole (correct, just bigger).
 *
 * The merged file is for printing and archiving. Only pages and what they reach are copied; the
 * catalog's document-level entries (AcroForm, outlines, names, structure tree, open action,
 * metadata) cannot be merged across documents and are left out. Annotations stay on their pages
 * (a widget still shows its appearance); references to another document's pages or to the old
 * page tree become null. Objects packed in object streams are written as plain objects and the
 * file ends with one classic xref table, which every reader knows.
 */
import {
  asUnfilled,
  baseTable,
  inheritedValues,
  readPageTree,
  splitFilledDocument,
  type DocumentObjects,
  type DocumentPage,
  type FilledDocumentParts,
} from './filled-document.ts';
import {
  DocumentCopy,
  ObjectDedupe,
  renderObject,
  renderValue,
  SharedObjects,
} from './merged-pdf-copy.ts';
import {
  FILE_START,
  MergedOutput,
  type MergedPartStart,
  type MergedPdfPart,
  type MergedPdfSink,
} from './merged-pdf-output.ts';
import type { PdfObjectTable } from './pdf-object-table.ts';
import type { PdfObjectRecord, PdfRefValue } from './pdf-value-scan.ts';

export type { MergedPartStart, MergedPdfPart, MergedPdfSink };

export interface MergedPdfSummary {
  documents: number;
  pages: number;
  /** The merged file's size in bytes. */
  bytes: number;
  /** Documents whose base was not the first document's, copied with all their objects. */
  documentsCopiedWhole: number;
}

export interface MergedPdfWriter {
  /** Appends one filled document's pages. Await each call before the next. */
  add(document: Uint8Array): Promise<void>;
  /** Writes the page tree, the catalog, the xref table and the trailer. */
  finish(): Promise<MergedPdfSummary>;
  /**
   * Ends the writer's part of a file written in parts: the next part starts at its `end`, and
   * `writeMergedPdfEnd` ends the file after the last.
   */
  finishPart(): Promise<MergedPdfPart>;
}

/** The template every document is expected to share, from the first document. */
interface SharedBase {
  bytes: Uint8Array;
  baseStartxref: number;
  table: PdfObjectTable;
  objects: SharedObjects;
  /** Page tree nodes and pages of the template, parsed once. */
  records: Map<number, PdfObjectRecord>;
  /** Template pages as written, up to their /Parent: the same bytes in every document. */
  pageHeads: Map<number, Uint8Array>;
}

const sameBytes = (a: Uint8Array, b: Uint8Array, length: number) =>
  a.length >= length &&
  b.length >= length &&
  Buffer.from(a.buffer, a.byteOffset, length).equals(Buffer.from(b.buffer, b.byteOffset, length));

const sharedBaseOf = (parts: FilledDocumentParts): SharedBase => {
  const bytes = parts.bytes.slice(0, parts.baseEnd); // the caller may reuse its buffer
  const table = baseTable(bytes, parts);
  return {
    bytes,
    baseStartxref: parts.baseStartxref,
    table,
    objects: new SharedObjects(table),
    records: new Map(),
    pageHeads: new Map(),
  };
};

const isSameBase = (parts: FilledDocumentParts, base: SharedBase) =>
  parts.baseEnd === base.bytes.length &&
  parts.baseStartxref === base.baseStartxref &&
  sameBytes(parts.bytes, base.bytes, parts.baseEnd);

const documentObjects = (
  parts: FilledDocumentParts,
  base: PdfObjectTable,
  cache: Map<number, PdfObjectRecord> | undefined,
): DocumentObjects => {
  const { update } = parts;
  const locate: DocumentObjects['locate'] = ({ num, gen }) => {
    if (update?.entries.has(num)) return update.has(num, gen) ? 'update' : undefined;
    return base.has(num, gen) ? 'base' : undefined;
  };
  return {
    locate,
    read(id) {
      if (locate(id) === 'update') return update!.read(id.num, id.gen);
      let record = cache?.get(id.num);
      if (!record) {
        record = base.read(id.num, id.gen);
        cache?.set(id.num, record);
      }
      return record;
    },
  };
};

/** True when the update replaces or frees a template object other than a page. */
const replacesTemplateObjects = (
  parts: FilledDocumentParts,
  base: PdfObjectTable,
  pages: Map<number, number>,
) => {
  for (const num of parts.update?.entries.keys() ?? []) {
    const entry = base.entries.get(num);
    if (entry && entry.type !== 0 && !pages.has(num)) return true;
  }
  return false;
};

// Entries a copied page must not keep: its old parent, and article beads (catalog threads).
const PAGE_ENTRIES_REMOVED = ['Parent', 'B'];

/**
 * A page as written, without its closing `>>` (the caller adds /Parent). The merged tree is flat:
 * what the page inherited is written on the page itself. A template page that refers to no page
 * (a link, an annotation's /P) is written the same in every document that shares the template.
 */
const renderPage = (page: DocumentPage, copy: DocumentCopy) => {
  let isSameForEveryDocument = true;
  const mapRef = (ref: PdfRefValue) => {
    if (copy.isPage(ref)) isSameForEveryDocument = false;
    return copy.mapRef(ref);
  };
  const insert: (string | Uint8Array)[] = [];
  for (const { key, record, value } of inheritedValues(page)) {
    insert.push(` /${key} `, renderValue(record, value, mapRef));
  }
  const edit = { remove: PAGE_ENTRIES_REMOVED, insert };
  const rendered = renderObject(page.record, mapRef, edit);
  return { head: rendered.subarray(0, rendered.length - 2), isSameForEveryDocument };
};

/**
 * A merged PDF written to `sink` as documents are added.
 *
 * @example
 * const merged = createMergedPdfWriter({ write: (chunk) => once(file, chunk) });
 * for (const item of items) await merged.add((await engine.fill(template, fields, item)).pdf);
 * const { pages, bytes } = await merged.finish();
 */
export const createMergedPdfWriter = (
  sink: MergedPdfSink,
  start: MergedPartStart = FILE_START,
): MergedPdfWriter => {
  const output = new MergedOutput(start);
  const dedupe = new ObjectDedupe();
  let shared: SharedBase | undefined;
  let documents = 0;
  let copiedWhole = 0;
  let state: 'ready' | 'busy' | 'failed' | 'finished' = 'ready';

  const guard = async <T>(work: () => Promise<T>, after: typeof state): Promise<T> => {
    if (state !== 'ready') {
      throw new Error(
        `merged PDF writer is ${state}: await each add, and add nothing after finish`,
      );
    }
    state = 'busy';
    try {
      const result = await work();
      state = after;
      return result;
    } catch (error) {
      state = 'failed'; // numbers were handed out for objects never written
      throw error;
    }
  };

  const addDocument = async (bytes: Uint8Array) => {
    let parts = splitFilledDocument(bytes);
    if (!shared) {
      shared = sharedBaseOf(parts);
      if (output.isAtFileStart) output.start(bytes);
    }
    let sameBase = isSameBase(parts, shared);
    if (!sameBase && parts.update && isSameBase(asUnfilled(parts), shared)) {
      parts = asUnfilled(parts);
      sameBase = true;
    }
    const base = sameBase ? shared.table : baseTable(bytes, parts);
    const objects = documentObjects(parts, base, sameBase ? shared.records : undefined);
    const tree = readPageTree(objects, parts.root);
    const shares = sameBase && !replacesTemplateObjects(parts, base, tree.pageIndex);
    if (!shares) copiedWhole++;
    const pageNumbers = tree.pages.map(() => output.allocate());
    const copy = new DocumentCopy(
      output,
      objects,
      tree,
      pageNumbers,
      shares ? shared.objects : undefined,
      dedupe,
    );
    tree.pages.forEach((page, i) => {
      const num = pageNumbers[i]!;
      const parent = ` /Parent ${output.pageParent(num)} 0 R >>`;
      const isTemplatePage = shares && objects.locate(page.id) === 'base';
      let head = isTemplatePage ? shared!.pageHeads.get(page.id.num) : undefined;
      if (!head) {
        const rendered = renderPage(page, copy);
        head = rendered.head;
        if (isTemplatePage && rendered.isSameForEveryDocument) {
          shared!.pageHeads.set(page.id.num, head);
        }
      }
      output.emit(num, head, parent);
    });
    if (shares) shared.objects.drain(output, (ref) => copy.target(ref), tree);
    base.forgetObjectStreams();
    documents++;
    await output.flush(sink);
  };

  return {
    add: (document) => guard(() => addDocument(document), 'ready'),
    finish: () =>
      guard(async () => {
        const bytes = await output.writeEnd(sink, [await output.endPart(sink)]);
        return { documents, pages: output.pageCount, bytes, documentsCopiedWhole: copiedWhole };
      }, 'finished'),
    finishPart: () => guard(() => output.endPart(sink), 'finished'),
  };
};

/**
 * Ends a merged PDF written in parts (each by `createMergedPdfWriter(sink, previous.end)`, the
 * first from the file's start): the page tree over every part's pages, the catalog and the xref
 * table. Returns the file's size. The parts' own bytes are the caller's to put before it.
 */
export const writeMergedPdfEnd = (
  sink: MergedPdfSink,
  parts: readonly MergedPdfPart[],
): Promise<number> => new MergedOutput(parts.at(-1)?.end ?? FILE_START).writeEnd(sink, parts);
