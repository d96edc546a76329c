/**
 * Copying a document's objects into the merged file under new numbers. An object is its source
 * bytes with each reference replaced (`12 0 R` → its new number, or `null` when it points at
 * nothing the merged file keeps) and a stream's /Length written as the data's real length.
 *
 * Two kinds of copy:
 * - shared: an object of the template (base) that every document uses as it is. It gets a number
 *   the first time any document reaches it and is written once (`SharedObjects`).
 * - per document: the update's objects (page objects, content streams, fonts), and every object
 *   of a document whose base differs. Children are copied before their parent, so the parent's
 *   bytes are final when it is written; a finished object whose bytes equal one written before
 *   (same SHA-256) reuses that object. Fonts and pictures the engine writes into every update
 *   therefore appear once, and an identical picture in many documents too.
 */
import { hash } from 'node:crypto';
import type { DocumentObjects, DocumentPageTree, ObjectId } from './filled-document.ts';
import type { PdfObjectTable } from './pdf-object-table.ts';
import { dictEntry, entryOf, type PdfObjectRecord, type PdfRefValue } from './pdf-value-scan.ts';

/** Where copied objects go: numbers handed out in order, bytes collected per document. */
export interface ObjectSink {
  allocate(): number;
  emit(num: number, ...body: Uint8Array[]): void;
}

type Splice = { start: number; end: number; text: string | Uint8Array };

const latin1 = (text: string) => Buffer.from(text, 'latin1');

// Short pieces are copied byte by byte: a subarray and a native call cost more than the copy.
const SHORT_COPY = 48;

const copyInto = (out: Uint8Array, at: number, source: Uint8Array, from: number, to: number) => {
  if (to - from < SHORT_COPY) {
    for (let i = from; i < to; i++) out[at++] = source[i]!;
    return at;
  }
  out.set(source.subarray(from, to), at);
  return at + to - from;
};

/** Writes a piece: strings here are latin1 (numbers, names, `null`), one byte per character. */
const writeInto = (out: Uint8Array, at: number, piece: string | Uint8Array) => {
  if (typeof piece !== 'string') return copyInto(out, at, piece, 0, piece.length);
  for (let i = 0; i < piece.length; i++) out[at++] = piece.charCodeAt(i);
  return at;
};

/** `source[from, to)` with the splices (sorted, not overlapping) applied, then `tail`. */
const spliced = (
  source: Uint8Array,
  from: number,
  to: number,
  splices: Splice[],
  tail: Uint8Array[] = [],
) => {
  let total = to - from;
  for (const s of splices) total += s.text.length - (s.end - s.start);
  for (const t of tail) total += t.length;
  // From Node's pool, not zeroed: every byte is written below, and the sink gets a copy.
  const out = Buffer.allocUnsafe(total);
  let at = 0;
  let next = from;
  for (const s of splices) {
    at = copyInto(out, at, source, next, s.start);
    at = writeInto(out, at, s.text);
    next = s.end;
  }
  at = copyInto(out, at, source, next, to);
  for (const t of tail) at = writeInto(out, at, t);
  return out;
};

const STREAM_OPEN = latin1('\nstream\n');
const STREAM_CLOSE = latin1('\nendstream');

/** What rendering a page changes besides references: entries cut out and text added. */
export interface PageEdit {
  remove: readonly string[];
  /** Written before the dictionary's closing `>>`, in this order. */
  insert: (string | Uint8Array)[];
}

/** The spans an object is rendered without: a stream's /Length and a page's removed entries. */
const cutSpans = (record: PdfObjectRecord, edit?: PageEdit): Splice[] => {
  const { value } = record;
  if (value.kind !== 'dict') return [];
  const cuts: Splice[] = [];
  if (record.stream) {
    const length = entryOf(value, 'Length');
    const text = String(record.stream.end - record.stream.start);
    if (length) cuts.push({ start: length.start, end: length.end, text });
    else cuts.push({ start: value.end - 2, end: value.end - 2, text: ` /Length ${text}` });
  }
  for (const key of edit?.remove ?? []) {
    const entry = dictEntry(value, key);
    if (entry) cuts.push({ start: entry.keyStart, end: entry.value.end, text: '' });
  }
  for (const text of edit?.insert ?? [])
    cuts.push({ start: value.end - 2, end: value.end - 2, text });
  return cuts;
};

const isInside = (ref: PdfRefValue, cuts: Splice[]) =>
  cuts.some((c) => ref.start >= c.start && ref.end <= c.end && c.end > c.start);

/** The references that stay in the rendered object. */
const liveRefs = (record: PdfObjectRecord, edit?: PageEdit): PdfRefValue[] => {
  const cuts = cutSpans(record, edit);
  return cuts.length === 0 ? record.refs : record.refs.filter((r) => !isInside(r, cuts));
};

/** The object's bytes between `N 0 obj` and `endobj`, references mapped. */
export const renderObject = (
  record: PdfObjectRecord,
  mapRef: (ref: PdfRefValue) => string,
  edit?: PageEdit,
): Uint8Array => {
  const cuts = cutSpans(record, edit);
  const splices: Splice[] = [...cuts];
  for (const ref of record.refs) {
    if (!isInside(ref, cuts)) splices.push({ start: ref.start, end: ref.end, text: mapRef(ref) });
  }
  // Stable: pieces inserted at one place keep their order.
  splices.sort((a, b) => a.start - b.start || a.end - b.end);
  const { source, value, stream } = record;
  const tail = stream
    ? [STREAM_OPEN, source.subarray(stream.start, stream.end), STREAM_CLOSE]
    : undefined;
  return spliced(source, value.start, value.end, splices, tail);
};

/** A value somewhere in a record (an inherited attribute), references mapped. */
export const renderValue = (
  record: PdfObjectRecord,
  value: { start: number; end: number },
  mapRef: (ref: PdfRefValue) => string,
) => {
  const splices = record.refs
    .filter((r) => r.start >= value.start && r.end <= value.end)
    .map((r) => ({ start: r.start, end: r.end, text: mapRef(r) }));
  return spliced(record.source, value.start, value.end, splices);
};

const refText = (num: number | undefined) => (num === undefined ? 'null' : `${num} 0 R`);

/** Finished objects by the SHA-256 of their bytes; the least recently used fall out first. */
export class ObjectDedupe {
  private readonly known = new Map<string, number>();
  private readonly capacity: number;

  constructor(capacity = 16_384) {
    this.capacity = capacity;
  }

  find(body: Uint8Array): { key: string; num: number | undefined } {
    const key = hash('sha256', body, 'base64');
    const num = this.known.get(key);
    if (num !== undefined) {
      this.known.delete(key);
      this.known.set(key, num);
    }
    return { key, num };
  }

  remember(key: string, num: number) {
    this.known.set(key, num);
    if (this.known.size > this.capacity) this.known.delete(this.known.keys().next().value!);
  }
}

/** The template's objects written once, for all documents that share its bytes. */
export class SharedObjects {
  readonly numbers = new Map<number, number>();
  private readonly pending: { id: ObjectId; num: number }[] = [];
  readonly table: PdfObjectTable;

  constructor(table: PdfObjectTable) {
    this.table = table;
  }

  numberOf(id: ObjectId, sink: ObjectSink): number {
    let num = this.numbers.get(id.num);
    if (num === undefined) {
      num = sink.allocate();
      this.numbers.set(id.num, num);
      this.pending.push({ id, num });
    }
    return num;
  }

  /** Writes every shared object reached so far (and what they reach). */
  drain(
    sink: ObjectSink,
    pagesOf: (ref: PdfRefValue) => number | undefined,
    tree: DocumentPageTree,
  ) {
    const mapRef = (ref: PdfRefValue) => {
      if (tree.pageIndex.has(ref.num)) return refText(pagesOf(ref));
      if (tree.nodes.has(ref.num) || !this.table.has(ref.num, ref.gen)) return 'null';
      return refText(this.numberOf(ref, sink));
    };
    for (let next = this.pending.pop(); next; next = this.pending.pop()) {
      sink.emit(next.num, renderObject(this.table.read(next.id.num, next.id.gen), mapRef));
    }
  }
}

type Frame = { id: ObjectId; record: PdfObjectRecord; refs: PdfRefValue[]; next: number };

/** One document's copy: its page numbers, its own objects, and the shared ones it reaches. */
export class DocumentCopy {
  private readonly done = new Map<number, number>();
  private readonly early = new Map<number, number>();
  private readonly onStack = new Set<number>();
  private readonly sink: ObjectSink;
  private readonly objects: DocumentObjects;
  private readonly tree: DocumentPageTree;
  private readonly pageNumbers: number[];
  private readonly shared: SharedObjects | undefined;
  private readonly dedupe: ObjectDedupe;

  constructor(
    sink: ObjectSink,
    objects: DocumentObjects,
    tree: DocumentPageTree,
    pageNumbers: number[],
    shared: SharedObjects | undefined,
    dedupe: ObjectDedupe,
  ) {
    this.sink = sink;
    this.objects = objects;
    this.tree = tree;
    this.pageNumbers = pageNumbers;
    this.shared = shared;
    this.dedupe = dedupe;
  }

  /** The merged file's number for a reference of this document, or undefined for null. */
  target(ref: PdfRefValue): number | undefined {
    const where = this.objects.locate(ref);
    if (!where) return undefined;
    const page = this.tree.pageIndex.get(ref.num);
    if (page !== undefined) return this.pageNumbers[page];
    if (this.tree.nodes.has(ref.num)) return undefined;
    if (where === 'base' && this.shared) return this.shared.numberOf(ref, this.sink);
    return this.done.get(ref.num) ?? this.early.get(ref.num) ?? this.copyOwn(ref);
  }

  readonly mapRef = (ref: PdfRefValue) => refText(this.target(ref));

  /** True when the reference names one of this document's pages. */
  isPage(ref: PdfRefValue) {
    return this.tree.pageIndex.has(ref.num) && this.objects.locate(ref) !== undefined;
  }

  private isOwn(ref: PdfRefValue) {
    const where = this.objects.locate(ref);
    if (!where || this.tree.pageIndex.has(ref.num) || this.tree.nodes.has(ref.num)) return false;
    return where === 'update' || !this.shared;
  }

  /** Copies an object of this document and what it reaches, children first, without recursion. */
  private copyOwn(root: ObjectId): number {
    const frame = (id: ObjectId): Frame => {
      const record = this.objects.read(id);
      this.onStack.add(id.num);
      return { id, record, refs: liveRefs(record), next: 0 };
    };
    const stack = [frame(root)];
    while (stack.length > 0) {
      const top = stack.at(-1)!;
      if (top.next < top.refs.length) {
        const child = top.refs[top.next++]!;
        if (!this.isOwn(child) || this.done.has(child.num)) continue;
        if (!this.onStack.has(child.num)) stack.push(frame(child));
        else if (!this.early.has(child.num)) this.early.set(child.num, this.sink.allocate());
        continue;
      }
      stack.pop();
      this.onStack.delete(top.id.num);
      const body = renderObject(top.record, this.mapRef);
      let num = this.early.get(top.id.num);
      if (num === undefined) {
        const found = this.dedupe.find(body);
        num = found.num;
        if (num === undefined) {
          num = this.sink.allocate();
          this.dedupe.remember(found.key, num);
          this.sink.emit(num, body);
        }
      } else {
        this.sink.emit(num, body);
      }
      this.done.set(top.id.num, num);
    }
    return this.done.get(root.num)!;
  }
}
