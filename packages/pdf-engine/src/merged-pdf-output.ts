/**
 * The merged file as it is written: object numbers, each object's offset (for the xref table),
 * the bytes of the current document waiting for the sink, and the page tree. The tree has two
 * levels: pages in groups of PAGES_PER_NODE under one root, so no /Kids array grows with the
 * batch and each group can be written as soon as it is full.
 *
 * A file may be written in parts, each by its own output and at another time (a job that
 * resumes after its process died): a part starts where the previous one ended (its byte offset
 * and next object number), ends with its page groups closed, and reports what the end of the
 * file needs: its objects' offsets and its page groups. `writeMergedEnd` then writes the root
 * of the page tree, the catalog and the xref table over every part.
 */
import { PdfEngineError } from './errors.ts';

/**
 * Where the merged PDF goes, chunk by chunk (one chunk per document, a few at the end). A chunk
 * is the writer's to give away: it is never written to again. Return a promise to make the
 * writer wait (a stream's backpressure); the engine itself does no I/O.
 */
export interface MergedPdfSink {
  write(chunk: Uint8Array): void | Promise<void>;
}

const CATALOG = 1;
const ROOT_PAGES = 2;
const PAGES_PER_NODE = 256;
// Xref entries are written in slices, so the table of a large batch is never one huge string.
const XREF_ENTRIES_PER_CHUNK = 50_000;

// An xref table entry holds ten digits.
const MAX_OFFSET = 9_999_999_999;

const HEADER_VERSION = /^%PDF-(\d)\.(\d)/;

/** Where a part of a merged file starts: the first part at the file's start. */
export interface MergedPartStart {
  /** Bytes written before the part. */
  offset: number;
  /** The first object number the part may use. */
  nextNumber: number;
}

/** One part of a merged file as written: all the file's end needs to know of it. */
export interface MergedPdfPart {
  /** Where the part ended: where the next part starts. */
  end: MergedPartStart;
  /** The part's object numbers, from `firstNumber`, each with its offset in the file (0: free). */
  firstNumber: number;
  offsets: number[];
  /** The part's page groups (/Pages nodes under the root), each with its number of pages. */
  groups: [num: number, count: number][];
}

export const FILE_START: MergedPartStart = { offset: 0, nextNumber: ROOT_PAGES + 1 };

export class MergedOutput {
  /** Offset of each object by number; 0 for numbers never written (listed as free). */
  private readonly offsets: number[] = [];
  /** Offsets of the catalog and the page tree's root, written at the file's end. */
  private readonly endOffsets = new Map<number, number>();
  private pending: (string | Uint8Array)[] = [];
  private pendingBytes = 0;
  private written: number;
  private nextNumber: number;
  private readonly firstNumber: number;
  private group: { num: number; kids: number[] } | undefined;
  private readonly groups: { num: number; count: number }[] = [];
  pageCount = 0;

  constructor(start: MergedPartStart = FILE_START) {
    this.written = start.offset;
    this.nextNumber = start.nextNumber;
    this.firstNumber = start.nextNumber;
  }

  /** Nothing is written yet, not even in an earlier part: the header comes first. */
  get isAtFileStart() {
    return this.written === 0 && this.pendingBytes === 0;
  }

  /** The header, at the version of the first document when that is newer than 1.7. */
  start(firstDocument: Uint8Array) {
    const match = HEADER_VERSION.exec(
      Buffer.from(firstDocument.subarray(0, 16)).toString('latin1'),
    );
    const version =
      match && Number(match[1]) * 10 + Number(match[2]) > 17 ? `${match[1]}.${match[2]}` : '1.7';
    // A comment of bytes above 127 tells transfer tools the file is binary.
    this.push(`%PDF-${version}\n%\xe2\xe3\xcf\xd3\n`);
  }

  allocate(): number {
    return this.nextNumber++;
  }

  emit(num: number, ...body: (Uint8Array | string)[]) {
    const offset = this.written + this.pendingBytes;
    if (offset > MAX_OFFSET) {
      throw new PdfEngineError(
        'UNSUPPORTED',
        'The merged PDF would exceed 9.3 GiB: split the batch.',
      );
    }
    if (num >= this.firstNumber) this.offsets[num - this.firstNumber] = offset;
    else this.endOffsets.set(num, offset);
    this.push(`${num} 0 obj\n`);
    for (const piece of body) this.push(piece);
    this.push('\nendobj\n');
  }

  /** The /Pages node a new page goes under; writes the previous node once it is full. */
  pageParent(page: number): number {
    if (this.group && this.group.kids.length === PAGES_PER_NODE) this.closeGroup();
    this.group ??= { num: this.allocate(), kids: [] };
    this.group.kids.push(page);
    this.pageCount++;
    return this.group.num;
  }

  /** Hands what was written since the last flush to the sink as one chunk. */
  async flush(sink: MergedPdfSink) {
    if (this.pending.length === 0) return;
    const chunk = Buffer.allocUnsafeSlow(this.pendingBytes);
    let at = 0;
    for (const piece of this.pending) {
      if (typeof piece === 'string') at += chunk.write(piece, at, 'latin1');
      else {
        chunk.set(piece, at);
        at += piece.length;
      }
    }
    this.written += this.pendingBytes;
    this.pending = [];
    this.pendingBytes = 0;
    await sink.write(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
  }

  /** Closes the part: its last page group is written and handed to the sink. */
  async endPart(sink: MergedPdfSink): Promise<MergedPdfPart> {
    if (this.group) this.closeGroup();
    await this.flush(sink);
    const offsets: number[] = [];
    for (let num = this.firstNumber; num < this.nextNumber; num++) {
      offsets.push(this.offsets[num - this.firstNumber] ?? 0);
    }
    return {
      end: { offset: this.written, nextNumber: this.nextNumber },
      firstNumber: this.firstNumber,
      offsets,
      groups: this.groups.map((g) => [g.num, g.count]),
    };
  }

  /**
   * The file's end after its last part: the page tree's root over every part's groups, the
   * catalog, the xref table and the trailer. Returns the file's size.
   */
  async writeEnd(sink: MergedPdfSink, parts: readonly MergedPdfPart[]): Promise<number> {
    if (this.isAtFileStart) this.start(new Uint8Array());
    const groups = parts.flatMap((part) => part.groups);
    const kids = groups.map(([num]) => `${num} 0 R`).join(' ');
    const count = groups.reduce((sum, [, pages]) => sum + pages, 0);
    this.emit(ROOT_PAGES, `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`);
    this.emit(CATALOG, `<< /Type /Catalog /Pages ${ROOT_PAGES} 0 R >>`);
    await this.flush(sink);
    const xrefAt = this.written;
    const size = this.nextNumber;
    const offsetOf = (num: number) => {
      if (this.endOffsets.has(num)) return this.endOffsets.get(num)!;
      const part = parts.find((p) => num >= p.firstNumber && num < p.end.nextNumber);
      return part?.offsets[num - part.firstNumber] ?? 0;
    };
    let text = `xref\n0 ${size}\n0000000000 65535 f\r\n`;
    for (let num = 1; num < size; num++) {
      const offset = offsetOf(num);
      text +=
        offset > 0 ? `${String(offset).padStart(10, '0')} 00000 n\r\n` : '0000000000 00000 f\r\n';
      if (num % XREF_ENTRIES_PER_CHUNK === 0) {
        this.push(text);
        text = '';
        await this.flush(sink);
      }
    }
    this.push(
      `${text}trailer\n<< /Size ${size} /Root ${CATALOG} 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`,
    );
    await this.flush(sink);
    return this.written;
  }

  private closeGroup() {
    const { num, kids } = this.group!;
    const list = kids.map((k) => `${k} 0 R`).join(' ');
    this.emit(
      num,
      `<< /Type /Pages /Parent ${ROOT_PAGES} 0 R /Kids [${list}] /Count ${kids.length} >>`,
    );
    this.groups.push({ num, count: kids.length });
    this.group = undefined;
  }

  private push(piece: string | Uint8Array) {
    this.pending.push(piece);
    this.pendingBytes += piece.length; // strings here are latin1: one byte per character
  }
}
