import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { unzip } from '../../../test/jobs.ts';
import type { ResultSource, ResultStore } from './result-store/result-store.ts';
import { openChunkWriters, putJobFiles, type ChunkParts } from './chunk-writers.ts';
import { createFsResultStore } from './result-store/fs-result-store.ts';
import { PIPE_BYTES } from './result-writers.ts';
import { zipEnd } from './stored-zip.ts';

const MiB = 1024 * 1024;

/**
 * A store that takes bytes only when the test reads them, as an upload to a slow bucket would;
 * its write can also fail.
 */
const slowStore = () => {
  let source: ResultSource | undefined;
  let settle: { resolve: (value: { bytes: number }) => void; reject: (error: Error) => void };
  const store: ResultStore = {
    put: (_key, put) =>
      new Promise((resolve, reject) => {
        source = put;
        settle = { resolve, reject };
      }),
    read: async () => undefined,
    remove: async () => undefined,
    removeUnder: async () => undefined,
    close: async () => undefined,
  };
  const readAll = async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of source as AsyncIterable<Buffer>) chunks.push(chunk);
    const bytes = Buffer.concat(chunks);
    settle.resolve({ bytes: bytes.length });
    return bytes;
  };
  return { store, readAll, fail: (error: Error) => settle.reject(error) };
};

/** Whether the promise is still pending after the event loop has had a few turns. */
const isPending = async (promise: Promise<unknown>) => {
  const pending = Symbol('pending');
  let turns: Promise<typeof pending> = Promise.resolve(pending);
  for (let i = 0; i < 20; i++) {
    turns = turns.then(() => new Promise((resolve) => setImmediate(() => resolve(pending))));
  }
  return (await Promise.race([promise.then(() => 'settled'), turns])) === pending;
};

/** Adds documents until an add waits for the store; answers how many went in and the waiting add. */
const addUntilHeldBack = async (
  writers: ReturnType<typeof openChunkWriters>,
  documents: Buffer[],
) => {
  for (const [index, document] of documents.entries()) {
    const added = writers.add(`document-${index + 1}.pdf`, document);
    if (await isPending(added)) return { added: index, waiting: added };
  }
  return { added: documents.length, waiting: undefined };
};

describe('the ZIP part of a chunk', () => {
  it('holds the filling back while the store takes nothing, and holds every document once it reads', async () => {
    const { store, readAll } = slowStore();
    const documents = Array.from({ length: 48 }, () => randomBytes(MiB));
    const writers = openChunkWriters(store, {
      prefix: 'jobs/j/parts/1/0.',
      output: 'zip',
      total: 48,
      previous: undefined,
    });

    const { added, waiting } = await addUntilHeldBack(writers, documents);
    // Memory stays flat: no more than the pipe to the store holds waits for it.
    expect(added * MiB).toBeLessThanOrEqual(PIPE_BYTES);
    const read = readAll();
    await waiting;
    for (let index = added + 1; index < documents.length; index++) {
      await writers.add(`document-${index + 1}.pdf`, documents[index]!);
    }
    const { zip } = await writers.finish();

    const entries = unzip(Buffer.concat([await read, zipEnd(zip!.entries, zip!.end)]));
    expect(Object.keys(entries)).toHaveLength(48);
    expect(Buffer.from(entries['document-48.pdf']!).equals(documents[47]!)).toBe(true);
    expect(zip?.end).toBe((await read).length);
  });

  it("ends a held-back add with the store's error when the store fails", async () => {
    const { store, fail } = slowStore();
    const documents = Array.from({ length: 48 }, () => randomBytes(MiB));
    const writers = openChunkWriters(store, {
      prefix: 'jobs/j/parts/1/0.',
      output: 'zip',
      total: 48,
      previous: undefined,
    });

    const { waiting } = await addUntilHeldBack(writers, documents);
    const error = new Error('the bucket refused the upload');
    fail(error);

    await expect(waiting).rejects.toBe(error);
    await writers.abort();
  });
});

/** A real PDF of about `bytes` bytes: one page whose content stream draws that many bytes of lines. */
const largePdf = async (bytes: number) => {
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  const line = '0 0 m 10 10 l S\n';
  const content = doc.context.stream(line.repeat(Math.ceil(bytes / line.length)));
  page.node.set(PDFName.of('Contents'), doc.context.register(content));
  return Buffer.from(await doc.save());
};

describe('the merged PDF part of a chunk', () => {
  it("ends an add that waits for the store with the store's error when the store fails", async () => {
    const { store, fail } = slowStore();
    const writers = openChunkWriters(store, {
      prefix: 'jobs/j/parts/1/0.',
      output: 'merged',
      total: 2,
      previous: undefined,
    });

    const waiting = writers.add('document-1.pdf', await largePdf(PIPE_BYTES + MiB));
    expect(await isPending(waiting)).toBe(true);
    const error = new Error('the disk is full');
    fail(error);

    await expect(waiting).rejects.toBe(error);
    await writers.abort();
  });
});

describe("a batch's files put together from its chunks", () => {
  it('hold every document of every chunk once, in order, in the ZIP and the merged PDF', async () => {
    const store = createFsResultStore(mkdtempSync(join(tmpdir(), 'platen-chunks-')));
    const documents = await Promise.all(
      Array.from({ length: 5 }, (_, i) => largePdf(1000 * (i + 1))),
    );
    const chunks: ChunkParts[] = [];
    for (const [chunk, range] of [
      [0, 2],
      [2, 2],
      [2, 5],
    ].entries()) {
      const writers = openChunkWriters(store, {
        prefix: `jobs/j/parts/${chunk + 1}/${chunk}.`,
        output: 'both',
        total: documents.length,
        previous: chunks.at(-1),
      });
      for (let i = range[0]!; i < range[1]!; i++) {
        await writers.add(`document-${i + 1}.pdf`, documents[i]!);
      }
      chunks.push(await writers.finish());
    }

    const files = await putJobFiles(store, { prefix: 'jobs/j/3/', output: 'both' }, chunks);

    const read = async (key: string) => {
      const file = await store.read(key);
      const parts: Buffer[] = [];
      for await (const part of file!.stream) parts.push(part as Buffer);
      return Buffer.concat(parts);
    };
    const zip = await read(files.find((file) => file.kind === 'zip')!.key);
    const entries = unzip(zip);
    expect(Object.keys(entries)).toEqual(documents.map((_, i) => `document-${i + 1}.pdf`));
    documents.forEach((document, i) => {
      expect(Buffer.from(entries[`document-${i + 1}.pdf`]!).equals(document)).toBe(true);
    });
    const merged = await PDFDocument.load(await read(files.find((f) => f.kind === 'merged')!.key));
    expect(merged.getPageCount()).toBe(5);
    expect(files.map((file) => file.bytes)).toEqual([zip.length, expect.any(Number)]);
  });
});
