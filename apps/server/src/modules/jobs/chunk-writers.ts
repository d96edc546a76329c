import type { BatchOutput, JobResultKind } from '@platen/contract';
import { createMergedPdfWriter, writeMergedPdfEnd, type MergedPdfPart } from '@platen/pdf-engine';
import type { ResultStore } from './result-store/result-store.ts';
import { openOutput, RESULT_FILE_NAMES } from './result-writers.ts';
import { createStoredZip, zipEnd, type ZipEntry } from './stored-zip.ts';

/** A chunk's run of ZIP entries: where the run ends in the ZIP, and its central directory entries. */
type ZipPart = { key: string; end: number; entries: ZipEntry[] };
/**
 * A chunk's part of the merged PDF; `whole` when the batch has one item, whose merged result is
 * that document itself.
 */
type MergedPart = { key: string } & ({ part: MergedPdfPart } | { whole: true });

/** What a recorded chunk wrote, per output: kept with the chunk, read when the files are made. */
export type ChunkParts = { zip?: ZipPart; merged?: MergedPart };

export type ChunkWriters = {
  /** One document, in the items' order. */
  add: (name: string, pdf: Uint8Array) => Promise<void>;
  /** Closes the chunk's parts and answers what the job's files need of them. */
  finish: () => Promise<ChunkParts>;
  /** Stops writing; nothing written so far may be read. */
  abort: () => Promise<void>;
};

const kindsOf = (output: BatchOutput): JobResultKind[] =>
  output === 'both' ? ['zip', 'merged'] : [output];

/**
 * The parts one chunk adds to a batch's files, written to the store under `prefix` as documents
 * arrive: a run of ZIP entries (stored-zip.ts) and a part of the merged PDF, each continuing
 * where the previous chunk's part ended (`previous`), so the files are the parts one after the
 * other plus an end (`putJobFiles`).
 */
export const openChunkWriters = (
  store: ResultStore,
  job: { prefix: string; output: BatchOutput; total: number; previous: ChunkParts | undefined },
): ChunkWriters => {
  const kinds = kindsOf(job.output);
  const keyOf = (kind: JobResultKind) => `${job.prefix}${kind === 'zip' ? 'zip' : 'pdf'}`;
  const zipKey = keyOf('zip');
  const zipOutput = kinds.includes('zip') ? openOutput(store, zipKey) : undefined;
  const zip = zipOutput && createStoredZip(undefined, undefined, job.previous?.zip?.end ?? 0);
  const mergedKey = keyOf('merged');
  const mergedOutput = kinds.includes('merged') ? openOutput(store, mergedKey) : undefined;
  const previousMerged = job.previous?.merged;
  const merged =
    mergedOutput &&
    job.total > 1 &&
    createMergedPdfWriter(
      { write: mergedOutput.write },
      previousMerged && 'part' in previousMerged ? previousMerged.part.end : undefined,
    );

  return {
    add: async (name, pdf) => {
      if (zip) for (const bytes of zip.add(name, pdf)) await zipOutput.write(bytes);
      if (mergedOutput) await (merged ? merged.add(pdf) : mergedOutput.write(pdf));
    },
    finish: async () => {
      const parts: ChunkParts = {};
      if (zip) {
        zipOutput.stream.end();
        await zipOutput.done;
        const { entries, offset } = zip.written();
        parts.zip = { key: zipKey, end: offset, entries };
      }
      if (mergedOutput) {
        const part = merged ? await merged.finishPart() : undefined;
        mergedOutput.stream.end();
        await mergedOutput.done;
        parts.merged = part ? { key: mergedKey, part } : { key: mergedKey, whole: true };
      }
      return parts;
    },
    abort: async () => {
      zipOutput?.abort.abort();
      mergedOutput?.abort.abort();
      await Promise.allSettled([zipOutput?.done, mergedOutput?.done]);
    },
  };
};

/** The stored bytes under each key, one after the other, then `end`. */
async function* concatenated(store: ResultStore, keys: string[], end: () => Promise<Uint8Array[]>) {
  for (const key of keys) {
    const part = await store.read(key);
    if (!part) throw new Error(`A part of the job's files is missing from the store: ${key}`);
    for await (const chunk of part.stream) yield chunk as Uint8Array;
  }
  yield* await end();
}

/**
 * Puts a batch's files together from its chunks' parts, streamed from the store into the store
 * under `prefix` (a multipart upload on S3): the ZIP's entries then its central directory, the
 * merged PDF's parts then its page tree and xref table. Answers what was stored.
 */
export const putJobFiles = async (
  store: ResultStore,
  job: { prefix: string; output: BatchOutput },
  chunks: readonly ChunkParts[],
): Promise<{ kind: JobResultKind; key: string; bytes: number }[]> => {
  const files = [];
  for (const kind of kindsOf(job.output)) {
    const key = `${job.prefix}${RESULT_FILE_NAMES[kind]}`;
    let source;
    if (kind === 'zip') {
      const parts = chunks.map((chunk) => chunk.zip!);
      const entries = parts.flatMap((part) => part.entries);
      const end = async () => [zipEnd(entries, parts.at(-1)?.end ?? 0)];
      source = concatenated(
        store,
        parts.map((part) => part.key),
        end,
      );
    } else {
      const parts = chunks.map((chunk) => chunk.merged!);
      const pdfParts = parts.flatMap((part) => ('part' in part ? [part.part] : []));
      const end = async () => {
        if (pdfParts.length < parts.length) return []; // one document: the file is that document
        const pieces: Uint8Array[] = [];
        await writeMergedPdfEnd({ write: (piece) => void pieces.push(piece) }, pdfParts);
        return pieces;
      };
      source = concatenated(
        store,
        parts.map((part) => part.key),
        end,
      );
    }
    const { bytes } = await store.put(key, source);
    files.push({ kind, key, bytes });
  }
  return files;
};
