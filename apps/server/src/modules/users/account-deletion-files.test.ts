import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import { exportAccount, fillAccount } from '../../../test/account-exports.ts';
import { call, signUp } from '../../../test/http.ts';
import { createBatch, waitForJob } from '../../../test/jobs.ts';
import { startLocalS3, type LocalS3 } from '../../../test/s3-server.ts';
import { apiKeyOf } from '../../../test/templates.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import { createS3Client } from '../jobs/result-store/s3-result-store.ts';

type StoreKind = 'file' | 's3';

/** Every key in the result store: files under DATA_DIR/results, or objects in the bucket. */
const storedKeys = async (app: TestApp, s3: LocalS3 | undefined): Promise<string[]> => {
  if (s3) {
    const client = createS3Client(s3.config);
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.config.bucket }));
    client.destroy();
    return (listed.Contents ?? []).map((object) => object.Key ?? '');
  }
  const root = join(app.deps.config.dataDir, 'results');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
};

const cases = testDatabases().flatMap((database) =>
  (['file', 's3'] as StoreKind[]).map((store) => [database, store] as const),
);

describe.each(cases)('deleting an account on %s with the %s result store', (database, store) => {
  let app: TestApp;
  let s3: LocalS3 | undefined;

  afterEach(async () => {
    await app.dispose();
    await s3?.stop();
  });

  it("removes the account's batch results and exports from the store", async () => {
    s3 = store === 's3' ? await startLocalS3() : undefined;
    app = await buildTestApp(database, s3 ? { s3: s3.config } : {});
    const ada = await signUp(app);
    const bob = await signUp(app);
    await fillAccount(app, ada);
    await fillAccount(app, bob);
    const apiKey = await apiKeyOf(app, ada, 'Letter');
    const batch = await createBatch(app, apiKey, { templateName: 'Letter', items: [{}, {}] });
    expect(batch.statusCode, batch.body).toBe(202);
    expect((await waitForJob(app, apiKey, batch.json<{ id: string }>().id)).status).toBe(
      'succeeded',
    );
    await exportAccount(app, ada);
    const bobsExport = await exportAccount(app, bob);
    expect(await storedKeys(app, s3)).toHaveLength(3);

    const deleted = await call(app, 'DELETE', '/v1/user', {
      token: ada.token,
      body: { password: ada.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const left = await storedKeys(app, s3);
    expect(left).toHaveLength(1);
    expect(left[0]).toContain(s3 ? `jobs/${bobsExport.id}/` : 'account-export.zip');
  });
});
