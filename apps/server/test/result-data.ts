import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/** A result of several MiB: three S3 parts of 5 MiB, the last one short, and an odd tail. */
export const LARGE_RESULT_BYTES = 12 * 1024 * 1024 + 12_345;

/** Random bytes, so a swapped, lost or repeated chunk changes the digest. */
export const resultBytes = (bytes = LARGE_RESULT_BYTES) => randomBytes(bytes);

/** Yields `data` in chunks of an odd size, as a producer writing a ZIP would. */
export async function* inChunks(data: Buffer, chunkBytes = 64 * 1024 + 7) {
  for (let start = 0; start < data.length; start += chunkBytes) {
    yield data.subarray(start, start + chunkBytes);
  }
}

/** Yields the first `bytes` of `data`, then fails as a producer that crashed would. */
export async function* failingAfter(data: Buffer, bytes: number, error: Error) {
  yield* inChunks(data.subarray(0, bytes));
  throw error;
}

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Reads a stream to its end: its digest and how many bytes it held. */
export const digestOf = async (stream: Readable) => {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest('hex'), bytes };
};
