import { randomUUID } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { S3Config } from '../../../config/s3.ts';
import {
  failingAfter,
  inChunks,
  LARGE_RESULT_BYTES,
  resultBytes,
} from '../../../../test/result-data.ts';
import { startLocalS3, type LocalS3 } from '../../../../test/s3-server.ts';
import {
  createS3Client,
  createS3ResultStore,
  isResultStoreUnavailable,
} from './s3-result-store.ts';

const MiB = 1024 * 1024;

type Call = { command: string; host: string; path: string };

/** A store whose client notes every request it sends: the S3 API calls, as S3 receives them. */
const observedStore = (config: S3Config) => {
  const calls: Call[] = [];
  const client = createS3Client(config);
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const request = args.request as { hostname: string; port?: number; path: string };
      calls.push({
        command: String(context.commandName),
        host: `${request.hostname}:${request.port}`,
        path: request.path,
      });
      return next(args);
    },
    { step: 'build', name: 'noteCalls' },
  );
  const store = createS3ResultStore(config, { partSize: 5 * MiB, client });
  return { store, calls, commands: () => calls.map((call) => call.command) };
};

describe('result store on S3', () => {
  let s3: LocalS3;
  let observed: ReturnType<typeof observedStore>;

  beforeAll(async () => {
    s3 = await startLocalS3();
  });
  afterAll(() => s3.stop());
  beforeEach(() => {
    observed = observedStore(s3.config);
    return () => observed.store.close();
  });

  const key = () => `jobs/${randomUUID()}/1/results.zip`;

  it('uploads a large result in parts of the configured size and completes it once', async () => {
    await observed.store.put(key(), inChunks(resultBytes()));
    expect(LARGE_RESULT_BYTES).toBeGreaterThan(10 * MiB);
    expect(observed.commands()).toEqual([
      'CreateMultipartUploadCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'CompleteMultipartUploadCommand',
    ]);
  });

  it('uploads a result smaller than a part with one PutObject', async () => {
    await observed.store.put(key(), inChunks(resultBytes(100_000)));
    expect(observed.commands()).toEqual(['PutObjectCommand']);
  });

  it('aborts the multipart upload when the source fails, and never completes it', async () => {
    const crash = new Error('the merge failed');
    await expect(
      observed.store.put(key(), failingAfter(resultBytes(), 7 * MiB, crash)),
    ).rejects.toBe(crash);
    const commands = observed.commands();
    expect(commands).toContain('UploadPartCommand');
    expect(commands).toContain('AbortMultipartUploadCommand');
    expect(commands).not.toContain('CompleteMultipartUploadCommand');
  });

  it('addresses the bucket as a path on a custom endpoint (MinIO and the like)', async () => {
    const name = key();
    await observed.store.put(name, inChunks(Buffer.from('zip')));
    await observed.store.read(name).then((stored) => stored?.stream.destroy());
    const port = new URL(s3.config.endpoint ?? '').port;
    expect(observed.calls.map(({ host, path }) => ({ host, path }))).toEqual([
      { host: `127.0.0.1:${port}`, path: `/platen-results/${name}` },
      { host: `127.0.0.1:${port}`, path: `/platen-results/${name}` },
    ]);
  });

  it('lists a folder once and deletes each of its objects', async () => {
    const id = randomUUID();
    for (const attempt of [1, 2, 3]) {
      await observed.store.put(`jobs/${id}/${attempt}/results.zip`, inChunks(Buffer.from('zip')));
    }
    observed.calls.length = 0;
    await observed.store.removeUnder(`jobs/${id}/`);
    expect(observed.commands().sort()).toEqual([
      'DeleteObjectCommand',
      'DeleteObjectCommand',
      'DeleteObjectCommand',
      'ListObjectsV2Command',
    ]);
    for (const attempt of [1, 2, 3]) {
      expect(await observed.store.read(`jobs/${id}/${attempt}/results.zip`)).toBeUndefined();
    }
  });

  it('reports a missing bucket as an error, not as a missing result', async () => {
    const elsewhere = createS3ResultStore({ ...s3.config, bucket: 'no-such-bucket' });
    try {
      await expect(elsewhere.read(key())).rejects.toMatchObject({ name: 'NoSuchBucket' });
      await expect(elsewhere.put(key(), inChunks(Buffer.from('zip')))).rejects.toMatchObject({
        name: 'NoSuchBucket',
      });
    } finally {
      await elsewhere.close();
    }
  });

  it('signs with the configured key pair: an unknown access key is refused', async () => {
    const stranger = createS3ResultStore({
      ...s3.config,
      credentials: { accessKeyId: 'UNKNOWN', secretAccessKey: 'UNKNOWN' },
    });
    try {
      await expect(stranger.put(key(), inChunks(Buffer.from('zip')))).rejects.toMatchObject({
        name: 'InvalidAccessKeyId',
      });
    } finally {
      await stranger.close();
    }
  });
});

describe('result store on an S3 server that stops answering', () => {
  it('gives up on a call after the idle timeout, as the store being unavailable', async () => {
    // Accepts connections and reads requests, then says nothing: a hung server or a black hole.
    const sockets: Socket[] = [];
    const server = createServer((socket) => {
      sockets.push(socket);
      socket.resume();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const config: S3Config = {
      bucket: 'results',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    };
    const client = createS3Client(config, { connectMs: 1_000, idleMs: 300 });
    const store = createS3ResultStore(config, { client });
    try {
      const failure = await store.read('jobs/1/1/results.zip').catch((error: unknown) => error);
      expect(isResultStoreUnavailable(failure), String(failure)).toBe(true);
    } finally {
      await store.close();
      for (const socket of sockets) socket.destroy();
      server.close();
    }
  });
});
