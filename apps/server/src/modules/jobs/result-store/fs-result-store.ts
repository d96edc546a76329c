import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  ByteCounter,
  checkResultKey,
  checkResultPrefix,
  type ResultStore,
  type StoredResult,
} from './result-store.ts';

/**
 * Bytes the file's stream gathers while a write is under way, written at once by the next. At the
 * default (64 KiB) each 75 KB document of a batch was a write of its own, and the batch waited
 * for the disk once per document: 1 MiB took a 10,000-document ZIP from about 2,000 to 3,000
 * documents a second, with a third less CPU (bench/RESULTS.md).
 */
const WRITE_BYTES = 1024 * 1024;

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * Results as files under one directory (`<DATA_DIR>/results`), a key's slashes as folders. For
 * one instance, or several that share the directory (a network volume).
 *
 * A result is written to a temporary name beside its final one (`.<name>.<random>.partial`, which
 * no key can name) and renamed when complete and synced, so a crash or a failed write never leaves
 * a partial file under the final name. Temporary files a crash left behind sit in the job's
 * folder and go with it at `removeUnder`.
 */
export const createFsResultStore = (directory: string): ResultStore => {
  const root = resolve(directory);

  const pathOf = (key: string) => {
    const path = join(root, ...checkResultKey(key).split('/'));
    // The key check already keeps paths inside; this is the belt to its braces.
    if (!path.startsWith(root + sep)) throw new Error(`Result key escapes the store: ${key}`);
    return path;
  };

  return {
    async put(key, source, options = {}) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = join(dirname(path), `.${basename(path)}.${randomUUID()}.partial`);
      const counter = new ByteCounter();
      let renamed = false;
      try {
        // Opened before anything can fail, so the cleanup below never races its creation.
        const file = await open(temporary, 'wx');
        // `flush` syncs the file before it is closed: after a power loss the final name never
        // holds fewer bytes than were reported.
        const output = file.createWriteStream({ flush: true, highWaterMark: WRITE_BYTES });
        await pipeline(source, counter, output, { signal: options.signal });
        await rename(temporary, path);
        renamed = true;
      } finally {
        if (!renamed) await rm(temporary, { force: true });
      }
      return { bytes: counter.bytes };
    },

    async read(key): Promise<StoredResult | undefined> {
      let file: FileHandle;
      try {
        file = await open(pathOf(key), 'r');
      } catch (error) {
        if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return undefined;
        throw error;
      }
      try {
        // Size and bytes come from the same open file, even if the key is replaced meanwhile.
        const stat = await file.stat();
        if (!stat.isFile()) {
          await file.close();
          return undefined;
        }
        return { stream: file.createReadStream(), bytes: stat.size };
      } catch (error) {
        await file.close();
        throw error;
      }
    },

    async remove(key) {
      try {
        await unlink(pathOf(key));
      } catch (error) {
        // A key that names nothing, or a folder of keys, has no result to delete.
        if (!['ENOENT', 'ENOTDIR', 'EISDIR'].includes(errorCode(error) ?? '')) throw error;
      }
    },

    async removeUnder(prefix) {
      const folder = join(root, ...checkResultPrefix(prefix).slice(0, -1).split('/'));
      await rm(folder, { recursive: true, force: true });
    },

    async close() {},
  };
};
