import { Transform, type Readable, type TransformCallback } from 'node:stream';

/** What `put` takes: a stream, or any async source of bytes (an async generator, an archiver). */
export type ResultSource = Readable | AsyncIterable<Uint8Array>;

/** A stored result, opened for reading. */
export type StoredResult = {
  /** The result's bytes; read it to the end or destroy it. */
  stream: Readable;
  /** Its size, for Content-Length. */
  bytes: number;
};

type PutOptions = {
  /**
   * Cancels the write while the source is still being read (a job canceled mid-way); `put` then
   * rejects and nothing new is readable under the key.
   */
  signal?: AbortSignal;
};

/**
 * Where the result files of jobs (a ZIP, a merged PDF) are kept. Keys are slash-separated paths
 * such as `jobs/<job id>/<attempt>/results.zip`.
 *
 * Results are written and read as streams, never whole in memory. A write is all or nothing:
 * until `put` resolves the key reads as before (absent, or the previous result), and a write that
 * fails or is aborted leaves nothing readable under the key.
 */
export type ResultStore = {
  /** Writes the source's bytes under the key, replacing what was there; resolves with its size. */
  put(key: string, source: ResultSource, options?: PutOptions): Promise<{ bytes: number }>;
  /** Opens the result under the key, or `undefined` when there is none. */
  read(key: string): Promise<StoredResult | undefined>;
  /** Deletes the result under the key; a key with no result is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Deletes every result whose key starts with the folder `prefix` (ending in `/`), e.g. all
   * results of one job with `jobs/<job id>/`.
   */
  removeUnder(prefix: string): Promise<void>;
  /** Releases connections; the store is not used after. */
  close(): Promise<void>;
};

// One segment of a key: no `.`/`..`, nothing that starts with a dot (the file store's temporary
// names do), no backslash or control character. Both stores accept exactly the same keys, so a
// key that works in development works on S3 and the reverse.
const SEGMENT = /^(?!\.)[^/\\\p{Cc}]{1,255}$/u;

const isRelativePath = (path: string) =>
  path.length > 0 && path.length <= 1024 && path.split('/').every((part) => SEGMENT.test(part));

/** Throws unless `key` is a relative path that stays inside the store (no `..`, no leading `/`). */
export const checkResultKey = (key: string): string => {
  if (!isRelativePath(key)) throw new Error(`Not a valid result key: ${JSON.stringify(key)}`);
  return key;
};

/** Throws unless `prefix` is a folder of keys: a valid key followed by `/`. */
export const checkResultPrefix = (prefix: string): string => {
  if (!prefix.endsWith('/') || !isRelativePath(prefix.slice(0, -1))) {
    throw new Error(`Not a valid result folder (it ends with "/"): ${JSON.stringify(prefix)}`);
  }
  return prefix;
};

/** Passes bytes through and counts them: the size `put` reports is what was read. */
export class ByteCounter extends Transform {
  bytes = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.bytes += chunk.length;
    callback(null, chunk);
  }
}
