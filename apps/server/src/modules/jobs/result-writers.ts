import { PassThrough } from 'node:stream';
import type { JobResultKind } from '@platen/contract';
import type { ResultStore } from './result-store/result-store.ts';
import { createStoredZip } from './stored-zip.ts';

/**
 * Bytes an output holds for the store before the filling waits for the store to take them. Enough
 * for two hundred documents, so a disk write that is late (the machine busy) does not stop the
 * filling at once: writing 10,000 documents of 75 KB into the file store took a quarter less CPU
 * and time than with 2 MiB.
 */
export const PIPE_BYTES = 16 * 1024 * 1024;

export const RESULT_FILE_NAMES: Record<JobResultKind, string> = {
  zip: 'documents.zip',
  merged: 'documents.pdf',
};

/**
 * A stream into the store under `key`: written when `done` resolves, nothing after `abort`.
 * `write` waits while PIPE_BYTES are held for the store (a slow disk or bucket holds the filling
 * back, so memory stays flat), and ends with the store's error when the store fails: a store
 * that stopped reading never drains, and the job must fail rather than wait for it.
 */
export const openOutput = (store: ResultStore, key: string) => {
  // A PassThrough holds up to its high-water mark on each of its two sides.
  const stream = new PassThrough({ highWaterMark: PIPE_BYTES / 2 });
  const abort = new AbortController();
  const done = store.put(key, stream, { signal: abort.signal });
  // Seen by write, finish or abort; an unobserved failure must not end the process meanwhile.
  done.catch(() => undefined);
  const write = async (chunk: Uint8Array) => {
    if (stream.write(chunk)) return;
    let onDrain = () => {};
    const drained = new Promise<void>((resolve) => stream.once('drain', (onDrain = resolve)));
    try {
      await Promise.race([drained, done]);
    } finally {
      stream.off('drain', onDrain);
    }
  };
  return { stream, done, abort, write };
};

/**
 * A ZIP of stored entries (stored-zip.ts; dated `modifiedAt`) streamed into the store under `key`: `add` waits while
 * the store is behind, `finish` answers the bytes stored, nothing is readable after `abort`.
 */
export const openZipOutput = (store: ResultStore, key: string, modifiedAt?: Date) => {
  const output = openOutput(store, key);
  const zip = createStoredZip(undefined, modifiedAt);
  return {
    add: async (name: string, data: Uint8Array) => {
      for (const chunk of zip.add(name, data)) await output.write(chunk);
    },
    finish: async () => {
      await output.write(zip.end());
      output.stream.end();
      return (await output.done).bytes;
    },
    abort: async () => {
      output.abort.abort();
      await output.done.catch(() => undefined);
    },
  };
};
