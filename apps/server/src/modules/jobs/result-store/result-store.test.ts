import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  digestOf,
  failingAfter,
  inChunks,
  LARGE_RESULT_BYTES,
  resultBytes,
  sha256,
} from '../../../../test/result-data.ts';
import { startLocalS3 } from '../../../../test/s3-server.ts';
import { createFsResultStore } from './fs-result-store.ts';
import type { ResultStore } from './result-store.ts';
import { createS3ResultStore } from './s3-result-store.ts';

type Running = { store: ResultStore; stop: () => Promise<void> };

const MiB = 1024 * 1024;

// The same behaviour is asked of every store: the jobs module must not tell them apart.
const stores: { name: string; start: () => Promise<Running> }[] = [
  {
    name: 'files',
    start: async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'platen-results-'));
      const store = createFsResultStore(join(dataDir, 'results'));
      return { store, stop: () => rm(dataDir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'S3 (s3rver over HTTP)',
    start: async () => {
      const s3 = await startLocalS3();
      // S3's smallest part, so the large result goes up as a multipart upload of three parts.
      const store = createS3ResultStore(s3.config, { partSize: 5 * MiB });
      return {
        store,
        stop: async () => {
          await store.close();
          await s3.stop();
        },
      };
    },
  },
];

const resultKey = (name = 'results.zip') => `jobs/${randomUUID()}/1/${name}`;

describe.each(stores)('result store on $name', ({ start }) => {
  let running: Running;
  let store: ResultStore;
  const large = resultBytes();

  beforeAll(async () => {
    running = await start();
    store = running.store;
  });
  afterAll(() => running.stop());

  const readBack = async (key: string) => {
    const stored = await store.read(key);
    if (!stored) throw new Error(`nothing under ${key}`);
    return { reported: stored.bytes, ...(await digestOf(stored.stream)) };
  };

  it('writes a stream of several MiB in chunks and reads it back byte for byte, with its size', async () => {
    const key = resultKey();
    const written = await store.put(key, Readable.from(inChunks(large)));
    expect(written).toEqual({ bytes: LARGE_RESULT_BYTES });
    expect(await readBack(key)).toEqual({
      reported: LARGE_RESULT_BYTES,
      bytes: LARGE_RESULT_BYTES,
      sha256: sha256(large),
    });
  });

  it('takes an async generator as the source, and stores an empty result', async () => {
    const key = resultKey('merged.pdf');
    expect(await store.put(key, inChunks(Buffer.alloc(0)))).toEqual({ bytes: 0 });
    expect(await readBack(key)).toEqual({ reported: 0, bytes: 0, sha256: sha256(Buffer.alloc(0)) });
  });

  it('answers undefined for a key with no result, and for a folder of results', async () => {
    const key = resultKey();
    expect(await store.read(key)).toBeUndefined();
    await store.put(key, inChunks(Buffer.from('zip')));
    const folder = key.slice(0, key.lastIndexOf('/'));
    expect(await store.read(folder)).toBeUndefined();
  });

  it('replaces a result written again under the same key', async () => {
    const key = resultKey();
    await store.put(key, inChunks(Buffer.from('first attempt')));
    const second = resultBytes(200_000);
    expect(await store.put(key, inChunks(second))).toEqual({ bytes: 200_000 });
    expect((await readBack(key)).sha256).toBe(sha256(second));
  });

  it('removes one result and keeps the others; removing it again is no error', async () => {
    const job = `jobs/${randomUUID()}/1`;
    await store.put(`${job}/results.zip`, inChunks(Buffer.from('zip')));
    await store.put(`${job}/merged.pdf`, inChunks(Buffer.from('%PDF')));
    await store.remove(`${job}/results.zip`);
    expect(await store.read(`${job}/results.zip`)).toBeUndefined();
    expect((await readBack(`${job}/merged.pdf`)).bytes).toBe(4);
    await expect(store.remove(`${job}/results.zip`)).resolves.toBeUndefined();
  });

  it("removes every result under a job's folder, and nothing of a job whose id only starts the same", async () => {
    const id = randomUUID();
    const mine = [
      `jobs/${id}/1/results.zip`,
      `jobs/${id}/1/merged.pdf`,
      `jobs/${id}/2/results.zip`,
    ];
    const neighbour = `jobs/${id}0/1/results.zip`;
    for (const key of [...mine, neighbour]) await store.put(key, inChunks(Buffer.from(key)));

    await store.removeUnder(`jobs/${id}/`);

    for (const key of mine) expect(await store.read(key)).toBeUndefined();
    expect((await readBack(neighbour)).bytes).toBe(neighbour.length);
    await expect(store.removeUnder(`jobs/${id}/`)).resolves.toBeUndefined();
  });

  it('rejects with the error of a source that fails mid-way, leaving nothing readable', async () => {
    const key = resultKey();
    const crash = new Error('the ZIP writer crashed');
    // Past the first 5 MiB part: on S3 the multipart upload has begun when the source fails.
    await expect(store.put(key, failingAfter(large, 7 * MiB, crash))).rejects.toBe(crash);
    expect(await store.read(key)).toBeUndefined();
  });

  it('keeps the previous result when a write under its key fails', async () => {
    const key = resultKey();
    const first = resultBytes(100_000);
    await store.put(key, inChunks(first));
    const crash = new Error('the merge failed');
    await expect(store.put(key, failingAfter(large, 6 * MiB, crash))).rejects.toBe(crash);
    expect(await readBack(key)).toEqual({
      reported: 100_000,
      bytes: 100_000,
      sha256: sha256(first),
    });
  });

  it('rejects a write aborted mid-way, leaving nothing readable', async () => {
    const key = resultKey();
    const cancel = new AbortController();
    async function* cancelledMidWay() {
      let sent = 0;
      for await (const chunk of inChunks(large)) {
        // The job is canceled while its result is being written; the producer goes on.
        if (sent >= 6 * MiB) cancel.abort();
        sent += chunk.length;
        yield chunk;
      }
    }
    await expect(
      store.put(key, cancelledMidWay(), { signal: cancel.signal }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(await store.read(key)).toBeUndefined();
  });

  it.each([
    '../outside.zip',
    'jobs/x/../../../etc/passwd',
    '/etc/passwd',
    'jobs//1/results.zip',
    'jobs/./1/results.zip',
    'jobs/x/1/.results.zip.partial',
    'jobs\\x\\results.zip',
    'jobs/x/',
    'jobs/x/1/results\u0000.zip',
    '',
  ])('refuses the key %j', async (key) => {
    await expect(store.put(key, inChunks(Buffer.from('x')))).rejects.toThrow(/result key/);
    await expect(store.read(key)).rejects.toThrow(/result key/);
    await expect(store.remove(key)).rejects.toThrow(/result key/);
  });

  it.each(['jobs', '../', '/', 'jobs/../', '/jobs/', ''])(
    'refuses to remove under %j, which is not a folder inside the store',
    async (prefix) => {
      await expect(store.removeUnder(prefix)).rejects.toThrow(/result folder/);
    },
  );
});
