import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type { BatchOutput, JobResultKind } from '@platen/contract';
import { createMergedPdfWriter } from '@platen/pdf-engine';
import { ZipFile } from 'yazl';
import type { ResultStore } from './result-store/result-store.ts';

/** Bytes an output may hold before filling waits for the store to take them. */
const BUFFERED_BYTES = 16 * 1024 * 1024;

/** Entries carry one fixed time: the same items make the same ZIP. */
const ENTRY_TIME = new Date(Date.UTC(2000, 0, 1));

export const RESULT_FILE_NAMES: Record<JobResultKind, string> = {
  zip: 'documents.zip',
  merged: 'documents.pdf',
};

export type ResultWriters = {
  /** One document, in the items' order. */
  add: (name: string, pdf: Uint8Array) => Promise<void>;
  /** Closes every output and answers what was stored. */
  finish: () => Promise<{ kind: JobResultKind; key: string; bytes: number }[]>;
  /** Stops writing; nothing written so far may be read. */
  abort: () => Promise<void>;
};

/**
 * Documents added to the ZIP that yazl has not taken yet: it takes them one after another as the
 * store writes, so when the store is slower than the filling they wait here, and `room` holds
 * the filling back while they pass BUFFERED_BYTES. It ends with the store's error when the store
 * stopped taking bytes (nothing would be taken any more).
 */
const createWaitingBytes = () => {
  let bytes = 0;
  let wake = () => {};
  return {
    add: (size: number) => {
      bytes += size;
    },
    taken: (size: number) => {
      bytes -= size;
      wake();
    },
    room: async (stored: Promise<unknown>) => {
      while (bytes > BUFFERED_BYTES) {
        await Promise.race([new Promise<void>((resolve) => (wake = resolve)), stored]);
      }
    },
  };
};

/** Bytes held between the writers and the store's upload. */
const PIPE_BYTES = 1024 * 1024;

/** A stream into the store under `key`: written when `done` resolves, nothing after `abort`. */
const openOutput = (store: ResultStore, key: string) => {
  const stream = new PassThrough({ highWaterMark: PIPE_BYTES });
  const abort = new AbortController();
  const done = store.put(key, stream, { signal: abort.signal });
  // Seen by finish or abort; an unobserved failure must not end the process meanwhile.
  done.catch(() => undefined);
  return { stream, done, abort };
};

/**
 * The ZIP of one PDF per item (stored, not compressed again: PDFs are compressed already, and
 * storing keeps the ZIP as fast to write as the disk) and the merged PDF, streamed into the
 * result store as documents arrive. yazl writes ZIP64 records when the archive needs them (past
 * 4 GB or 65,535 entries); it was chosen over archiver for being small, streaming and
 * dependency-light. Entries are lazy streams, so each carries a data descriptor after its bytes
 * (every unzip that follows the ZIP specification reads them; 7-Zip 9.20 did not). A merged
 * result of a single item is that document itself.
 */
export const openResultWriters = (
  store: ResultStore,
  job: { prefix: string; output: BatchOutput; total: number },
): ResultWriters => {
  const kinds: JobResultKind[] = job.output === 'both' ? ['zip', 'merged'] : [job.output];
  const keyOf = (kind: JobResultKind) => `${job.prefix}${RESULT_FILE_NAMES[kind]}`;
  const outputs = new Map(kinds.map((kind) => [kind, openOutput(store, keyOf(kind))]));

  const zipOutput = outputs.get('zip');
  const zip = zipOutput && new ZipFile();
  if (zip && zipOutput) zip.outputStream.pipe(zipOutput.stream);
  const waiting = zip && createWaitingBytes();

  const mergedOutput = outputs.get('merged');
  const merged =
    mergedOutput &&
    job.total > 1 &&
    createMergedPdfWriter({
      write: async (chunk: Uint8Array) => {
        if (!mergedOutput.stream.write(chunk)) await once(mergedOutput.stream, 'drain');
      },
    });

  return {
    add: async (name, pdf) => {
      if (zip && zipOutput && waiting) {
        // yazl keeps what addBuffer is given until the ZIP ends (every document of the job in
        // memory); a lazy entry's document is dropped as soon as yazl has taken it.
        let document: Uint8Array | undefined = pdf;
        waiting.add(pdf.byteLength);
        const options = { compress: false, mtime: ENTRY_TIME, size: pdf.byteLength };
        zip.addReadStreamLazy(name, options, (ready) => {
          const stream = Readable.from([document!], { objectMode: false });
          document = undefined;
          waiting.taken(options.size);
          ready(null, stream);
        });
        await waiting.room(zipOutput.done);
      }
      if (mergedOutput) {
        if (merged) await merged.add(pdf);
        else if (!mergedOutput.stream.write(pdf)) await once(mergedOutput.stream, 'drain');
      }
    },
    finish: async () => {
      zip?.end();
      if (merged) await merged.finish();
      mergedOutput?.stream.end();
      return Promise.all(
        kinds.map(async (kind) => {
          const { bytes } = await outputs.get(kind)!.done;
          return { kind, key: keyOf(kind), bytes };
        }),
      );
    },
    abort: async () => {
      for (const output of outputs.values()) output.abort.abort();
      await Promise.allSettled([...outputs.values()].map((output) => output.done));
    },
  };
};
