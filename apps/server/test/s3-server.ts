import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../src/config/s3.ts';

/** s3rver's built-in account: it refuses requests signed with any other access key. */
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type LocalS3 = {
  /** A bucket on the server, made empty for the caller, with s3rver's credentials. */
  config: S3Config;
  /** Stops serving, keeping what it stores: its port refuses connections until `resume`. */
  pause(): Promise<void>;
  /** Serves again on the same port, with what it stored before the pause. */
  resume(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * An S3-compatible server in this process on a free loopback port (s3rver, storing in a
 * temporary folder), so the real AWS SDK is exercised over HTTP: signing, multipart uploads,
 * error answers.
 *
 * What s3rver does not do, and tests cannot show here: it checks that the access key exists but
 * does not verify SigV4 signatures, and it implements neither AbortMultipartUpload nor
 * ListMultipartUploads (an aborted upload's parts stay in its folder, never readable).
 */
type ObjectStore = { deleteObject(bucket: string, key: string): Promise<void> };

/**
 * s3rver deletes an object's files, then the folders left empty, and answers 500 when a
 * concurrent delete removed such a folder first (and again on every retry). S3 has no folders to
 * race on: the object is gone either way, so that cleanup error is dropped.
 */
const tolerateConcurrentDeletes = (server: S3rver) => {
  const store = (server as unknown as { store: ObjectStore }).store;
  const deleteObject = store.deleteObject.bind(store);
  store.deleteObject = async (bucket, key) => {
    try {
      await deleteObject(bucket, key);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  };
};

export const startLocalS3 = async (bucket = 'platen-results'): Promise<LocalS3> => {
  const directory = await mkdtemp(join(tmpdir(), 'platen-s3-'));
  const serve = async (port: number) => {
    const server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket, configs: [] }],
    });
    tolerateConcurrentDeletes(server);
    return { server, port: (await server.run()).port };
  };
  let { server, port } = await serve(0);
  let isServing = true;
  return {
    config: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      credentials: S3RVER_CREDENTIALS,
    },
    async pause() {
      // As a crash would: requests in flight end too, not only the listening socket.
      (server as unknown as { httpServer?: Server }).httpServer?.closeAllConnections();
      await server.close();
      isServing = false;
    },
    async resume() {
      ({ server, port } = await serve(port));
      isServing = true;
    },
    async stop() {
      if (isServing) await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
};
