import {
  DeleteObjectCommand,
  GetObjectCommand,
  paginateListObjectsV2,
  S3Client,
  type S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import pLimit from 'p-limit';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Config } from '../../../config/s3.ts';
import {
  ByteCounter,
  checkResultKey,
  checkResultPrefix,
  type ResultStore,
  type StoredResult,
} from './result-store.ts';

/*
 * The AWS SDK rather than hand-made HTTP: SigV4 signing, retries and multipart uploads are easy to
 * get subtly wrong, and the same client speaks to AWS S3, MinIO and Cloudflare R2.
 * `@aws-sdk/lib-storage`'s Upload turns a stream of unknown length into a multipart upload,
 * holding at most `queueSize × partSize` bytes in memory, and aborts the upload when it fails.
 */

export type S3ResultStoreOptions = {
  /** Bytes per uploaded part (S3's minimum is 5 MiB, its maximum 10,000 parts per object). */
  partSize?: number;
  /** Parts uploaded at once. */
  queueSize?: number;
  /** A client made by `createS3Client(config)`, e.g. to observe its calls; the store closes it. */
  client?: S3Client;
};

// 8 MiB parts allow objects up to 78 GiB; four in flight keep memory at 32 MiB per write.
const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
const DEFAULT_QUEUE_SIZE = 4;
// Deletes sent at once by removeUnder: a job has a handful of results, a sweep a few thousand.
const DELETE_CONCURRENCY = 8;

const isMissingKey = (error: unknown) => {
  const { name, $metadata } = error as Partial<S3ServiceException>;
  // Some S3-compatible servers answer a bare 404; a missing bucket is a setup error, not a miss.
  return name === 'NoSuchKey' || ($metadata?.httpStatusCode === 404 && name !== 'NoSuchBucket');
};

/**
 * True when S3 could not serve the call for now: it answered with a server fault (5xx, `SlowDown`)
 * or the SDK gave up waiting. Network failures (refused, reset) carry Node's codes and are
 * recognised with the database's (`isDatabaseUnavailable`).
 */
export const isResultStoreUnavailable = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const { name, $fault, $metadata } = error as Partial<S3ServiceException>;
  if (name === 'TimeoutError' || name === 'SlowDown' || name === 'ServiceUnavailable') return true;
  return $fault === 'server' || ($metadata?.httpStatusCode ?? 0) >= 500;
};

/**
 * How long the store may take to accept a connection, and how long a request may go without a
 * byte sent or received (not its whole duration: a large upload takes as long as it takes).
 */
const S3_TIMEOUTS = { connectMs: 5_000, idleMs: 30_000 };

export const createS3Client = (config: S3Config, timeouts = S3_TIMEOUTS) =>
  new S3Client({
    region: config.region,
    // Without keys the SDK's own chain applies (AWS_* variables, an instance or task role).
    credentials: config.credentials,
    // MinIO and most self-hosted servers serve buckets as paths, not as host names.
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    // The SDK adds CRC checksums to every upload by default since 2025; several S3-compatible
    // servers refuse them. Elsewhere than AWS they are sent only where the API requires one.
    requestChecksumCalculation: config.endpoint ? 'WHEN_REQUIRED' : 'WHEN_SUPPORTED',
    responseChecksumValidation: config.endpoint ? 'WHEN_REQUIRED' : 'WHEN_SUPPORTED',
    // Bounded waits: a store that does not accept the connection, or stops sending or taking
    // bytes mid-request, fails the call (TimeoutError: retried by the job, 503 on a download)
    // instead of holding it for as long as TCP would. `socketTimeout` is the time without a byte;
    // `requestTimeout` would bound a whole request (a large part on a slow link) and, without
    // `throwOnRequestTimeout`, only logs a warning when it passes.
    requestHandler: {
      connectionTimeout: timeouts.connectMs,
      socketTimeout: timeouts.idleMs,
    },
  });

/**
 * Results as objects in one bucket, for several instances. An object appears only when its
 * upload completes, so a failed or aborted write leaves nothing under its key; the parts of a
 * multipart upload that a crash interrupted stay until the bucket's lifecycle rule removes them
 * (docs/deploy.md, "Result storage").
 */
export const createS3ResultStore = (
  config: S3Config,
  options: S3ResultStoreOptions = {},
): ResultStore => {
  const client = options.client ?? createS3Client(config);
  const Bucket = config.bucket;

  const remove = async (key: string) => {
    // One DeleteObject per key rather than DeleteObjects, which needs a Content-MD5 or checksum
    // header that S3-compatible servers accept unevenly; a job has few results.
    await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
  };

  return {
    async put(key, source, putOptions = {}) {
      const counter = new ByteCounter();
      const upload = new Upload({
        client,
        params: { Bucket, Key: checkResultKey(key), Body: counter },
        partSize: options.partSize ?? DEFAULT_PART_SIZE,
        queueSize: options.queueSize ?? DEFAULT_QUEUE_SIZE,
      });
      // A failed upload stops reading: destroying the counter ends the source too, instead of
      // leaving it paused for ever.
      const uploading = upload.done().catch((error: unknown) => {
        counter.destroy(error as Error);
        throw error;
      });
      // A failing source or the signal destroys the counter with that error; Upload then stops
      // and aborts the multipart upload, so nothing is completed under the key.
      const reading = pipeline(source, counter, { signal: putOptions.signal });
      // Both settle before put does, so a rejected put has finished cleaning up.
      const [read, uploaded] = await Promise.allSettled([reading, uploading]);
      // The source's error (or the abort) is the cause; Upload only reports its consequence.
      if (read.status === 'rejected') throw read.reason;
      if (uploaded.status === 'rejected') throw uploaded.reason;
      return { bytes: counter.bytes };
    },

    async read(key): Promise<StoredResult | undefined> {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket, Key: checkResultKey(key) }),
        );
        if (!(object.Body instanceof Readable)) {
          throw new Error('S3 answered GetObject without a readable body.');
        }
        return { stream: object.Body, bytes: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissingKey(error)) return undefined;
        throw error;
      }
    },

    async remove(key) {
      await remove(checkResultKey(key));
    },

    async removeUnder(prefix) {
      const limit = pLimit(DELETE_CONCURRENCY);
      const pages = paginateListObjectsV2(
        { client },
        { Bucket, Prefix: checkResultPrefix(prefix) },
      );
      for await (const page of pages) {
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
        await Promise.all(keys.map((key) => limit(() => remove(key))));
      }
    },

    async close() {
      client.destroy();
    },
  };
};
