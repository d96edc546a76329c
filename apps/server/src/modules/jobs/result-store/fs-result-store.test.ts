import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { failingAfter, inChunks, resultBytes } from '../../../../test/result-data.ts';
import { createFsResultStore } from './fs-result-store.ts';
import type { ResultStore } from './result-store.ts';

describe('result store on files', () => {
  let directory: string;
  let store: ResultStore;
  const jobId = randomUUID();
  const key = `jobs/${jobId}/1/results.zip`;
  const folderOf = () => join(directory, 'jobs', jobId, '1');

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'platen-results-'));
    store = createFsResultStore(directory);
  });
  afterEach(() => rm(directory, { recursive: true, force: true }));

  it("keeps a result as a file under its directory, the key's slashes as folders", async () => {
    await store.put(key, inChunks(Buffer.from('PK zip bytes')));
    expect(await readFile(join(folderOf(), 'results.zip'), 'utf8')).toBe('PK zip bytes');
    expect(await readdir(folderOf())).toEqual(['results.zip']);
  });

  it('never shows a partial file under the final name while a result is being written', async () => {
    const data = resultBytes(3 * 1024 * 1024);
    const seenMidWay: { finalExists: boolean; read: unknown; files: string[] }[] = [];
    async function* watched() {
      let sent = 0;
      for await (const chunk of inChunks(data)) {
        yield chunk;
        sent += chunk.length;
        if (sent > data.length / 2 && seenMidWay.length === 0) {
          seenMidWay.push({
            finalExists: existsSync(join(folderOf(), 'results.zip')),
            read: await store.read(key),
            files: await readdir(folderOf()),
          });
        }
      }
    }
    await store.put(key, watched());

    expect(seenMidWay).toEqual([
      {
        finalExists: false,
        read: undefined,
        files: [expect.stringMatching(/^\.results\.zip\.[0-9a-f-]{36}\.partial$/)],
      },
    ]);
    expect(await readdir(folderOf())).toEqual(['results.zip']);
  });

  it('deletes its temporary file when a write fails', async () => {
    const crash = new Error('the ZIP writer crashed');
    await expect(store.put(key, failingAfter(resultBytes(1_000_000), 500_000, crash))).rejects.toBe(
      crash,
    );
    expect(await readdir(folderOf())).toEqual([]);
  });

  it("never reads what a crash left under a temporary name, and deletes it with the job's folder", async () => {
    await mkdir(folderOf(), { recursive: true });
    await writeFile(join(folderOf(), `.results.zip.${randomUUID()}.partial`), 'half a ZIP');
    expect(await store.read(key)).toBeUndefined();

    await store.removeUnder(`jobs/${jobId}/`);
    expect(existsSync(join(directory, 'jobs', jobId))).toBe(false);
    expect(existsSync(join(directory, 'jobs'))).toBe(true);
  });

  it('creates its directory on the first write', async () => {
    const nested = createFsResultStore(join(directory, 'data', 'results'));
    expect(await nested.read(key)).toBeUndefined();
    await nested.put(key, inChunks(Buffer.from('%PDF')));
    expect(existsSync(join(directory, 'data', 'results', 'jobs', jobId, '1', 'results.zip'))).toBe(
      true,
    );
  });
});
