import type { ServerResponse } from 'node:http';
import {
  FIT_REPORT_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  TEMPLATE_VERSION_HEADER,
} from '@platen/contract';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setDocumentsUsed, userIdOf } from '../../test/billing.ts';
import { call, errorBody, signUp, type Account } from '../../test/http.ts';
import { hasOpenssl, startLocalHttps, type LocalHttps } from '../../test/local-https.ts';
import { makePdf } from '../../test/pdf-fixtures.ts';
import {
  generateWithKey as generate,
  GENERATE,
  letterTemplate,
  newKey,
  storedKeys,
} from '../../test/idempotency.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { buildApp } from '../app.ts';
import {
  apiKeyOf,
  saveFields,
  textField,
  uploadTemplate,
  usedThisCycle,
} from '../../test/templates.ts';
import { createIdempotencyService } from '../modules/idempotency/index.ts';

const HOURS = 60;

/** The headers a replay must repeat exactly. */
const resultHeaders = (res: LightMyRequestResponse) => ({
  type: res.headers['content-type'],
  disposition: res.headers['content-disposition'],
  fitReport: res.headers[FIT_REPORT_HEADER],
  version: res.headers[TEMPLATE_VERSION_HEADER],
});

describe.runIf(hasOpenssl).each(testDatabases())(
  'idempotency keys on generate (%s)',
  (database) => {
    let app: TestApp;
    let images: LocalHttps;
    let ada: Account;
    let apiKey: string;
    /** Image requests held by the server until the test lets them go. */
    const held: ServerResponse[] = [];
    let onHeld: () => void = () => {};
    let png: Buffer;

    const nextHeldRequest = () => new Promise<void>((resolve) => (onHeld = resolve));
    const releaseHeld = () => held.splice(0).forEach((res) => res.end(png));

    beforeAll(async () => {
      png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
        .png()
        .toBuffer();
      images = await startLocalHttps((req, res) => {
        if (req.url === '/slow.png') {
          held.push(res);
          return onHeld();
        }
        res.end(png);
      });
      app = await buildTestApp(database, {}, { imageNetwork: images.network });
      ({ ada, apiKey } = await letterTemplate(app));
    });
    afterAll(async () => {
      releaseHeld();
      images.close();
      await app.dispose();
    });

    it('answers a repeated call with the first answer, byte for byte, and counts it once', async () => {
      const before = await usedThisCycle(app, ada.email);
      const key = newKey();
      const first = await generate(app, {
        apiKey,
        key,
        body: { templateName: 'Letter', fields: { Name: 'Ada', Logo: `${images.base}/logo.png` } },
      });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
      // The same values in another order and layout are the same request.
      const again = await generate(app, {
        apiKey,
        key,
        body: `{ "fields": { "Logo": "${images.base}/logo.png", "Name": "Ada" },\n "templateName": "Letter" }`,
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
      expect(Buffer.compare(again.rawPayload, first.rawPayload)).toBe(0);
      expect(resultHeaders(again)).toEqual(resultHeaders(first));
      expect(resultHeaders(again).type).toBe('application/pdf');
      expect(again.headers['cache-control']).toBe('no-store');
      expect(again.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
      expect(await usedThisCycle(app, ada.email)).toBe(before + 1);
    });

    it('refuses the same key with a different body (422) and counts nothing', async () => {
      const key = newKey();
      await generate(app, { apiKey, key, body: { templateName: 'Letter', fields: { Name: 'A' } } });
      const before = await usedThisCycle(app, ada.email);
      const res = await generate(app, {
        apiKey,
        key,
        body: { templateName: 'Letter', fields: { Name: 'B' } },
      });
      expect(res.statusCode).toBe(422);
      expect(errorBody(res)).toEqual({
        status: 422,
        code: 'IDEMPOTENCY_KEY_REUSED',
        message:
          'This Idempotency-Key was already used with a different request body. Use a new key for a new request.',
      });
      expect(await usedThisCycle(app, ada.email)).toBe(before);
    });

    it('refuses the same key on another instance while the first call runs (409), then replays its answer', async () => {
      // A second instance on the same database: the claim is a row there, not a note in memory.
      const other = await buildApp(app.deps.config, { clock: app.clock });
      try {
        const before = await usedThisCycle(app, ada.email);
        const key = newKey();
        const body = { templateName: 'Letter', fields: { Logo: `${images.base}/slow.png` } };
        const arrived = nextHeldRequest();
        const first = generate(app, { apiKey, key, body });
        await arrived;
        const meanwhile = await generate(other, { apiKey, key, body });
        expect(meanwhile.statusCode).toBe(409);
        expect(meanwhile.json()).toMatchObject({
          code: 'IDEMPOTENCY_IN_PROGRESS',
          message:
            'A request with this Idempotency-Key is still running. Try again once it has finished.',
        });
        const otherBody = await generate(other, { apiKey, key, body: { templateName: 'Letter' } });
        expect(otherBody.statusCode).toBe(422);
        releaseHeld();
        const done = await first;
        expect(done.statusCode, done.body).toBe(200);
        const replay = await generate(other, { apiKey, key, body });
        expect(replay.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
        expect(Buffer.compare(replay.rawPayload, done.rawPayload)).toBe(0);
        expect(await usedThisCycle(app, ada.email)).toBe(before + 1);
      } finally {
        await other.close();
      }
    });

    it('runs a call once when its key arrives many times at once on two instances', async () => {
      const other = await buildApp(app.deps.config, { clock: app.clock });
      try {
        const before = await usedThisCycle(app, ada.email);
        const key = newKey();
        const body = { templateName: 'Letter', fields: { Name: 'Race' } };
        const answers = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            generate(i % 2 ? other : app, { apiKey, key, body }),
          ),
        );
        expect(answers.map((res) => res.statusCode).filter((s) => s !== 200 && s !== 409)).toEqual(
          [],
        );
        const ran = answers.filter(
          (res) => res.statusCode === 200 && !res.headers[IDEMPOTENT_REPLAYED_HEADER],
        );
        expect(ran).toHaveLength(1);
        for (const res of answers.filter((r) => r.headers[IDEMPOTENT_REPLAYED_HEADER])) {
          expect(Buffer.compare(res.rawPayload, ran[0]!.rawPayload)).toBe(0);
        }
        expect(await usedThisCycle(app, ada.email)).toBe(before + 1);
      } finally {
        await other.close();
      }
    });

    it('keeps the answer of a call whose caller hung up, and gives it to the retry', async () => {
      const base = await app.listen({ host: '127.0.0.1', port: 0 });
      const before = await usedThisCycle(app, ada.email);
      const key = newKey();
      const body = { templateName: 'Letter', fields: { Logo: `${images.base}/slow.png` } };
      const hangUp = new AbortController();
      const arrived = nextHeldRequest();
      const lost = fetch(`${base}${GENERATE}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-api-key': apiKey,
          'idempotency-key': key,
        },
        body: JSON.stringify(body),
        signal: hangUp.signal,
      }).catch((error: unknown) => error);
      await arrived;
      hangUp.abort();
      expect(await lost).toMatchObject({ name: 'AbortError' });
      releaseHeld();
      await vi.waitFor(async () => {
        const row = await app.deps.db
          .selectFrom('idempotency_keys')
          .select('state')
          .where('idempotency_key', '=', key)
          .executeTakeFirst();
        expect(row?.state).toBe('done');
      });
      const retry = await generate(app, { apiKey, key, body });
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
      expect(await usedThisCycle(app, ada.email)).toBe(before + 1);
    });

    it("never replays another account's call with the same key, and keeps the key with the account when its API key is regenerated", async () => {
      const key = newKey();
      const body = { templateName: 'Letter', fields: { Name: 'Same' } };
      const first = await generate(app, { apiKey, key, body });
      expect(first.statusCode).toBe(200);

      const bob = await signUp(app);
      await uploadTemplate(app, bob, { name: 'Letter', pdf: await makePdf({ pages: 2 }) });
      await saveFields(app, bob, 'Letter', [textField('Name')]);
      const bobs = await generate(app, { apiKey: await apiKeyOf(app, bob, 'Letter'), key, body });
      expect(bobs.statusCode).toBe(200);
      expect(bobs.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
      expect(Buffer.compare(bobs.rawPayload, first.rawPayload)).not.toBe(0);
      expect(await usedThisCycle(app, bob.email)).toBe(1);

      const regenerated = await call(app, 'POST', '/v1/user/api-key/regenerate', {
        token: ada.token,
      });
      apiKey = regenerated.json<{ apiKey: string }>().apiKey;
      const replay = await generate(app, { apiKey, key, body });
      expect(replay.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
      expect(Buffer.compare(replay.rawPayload, first.rawPayload)).toBe(0);
    });

    it('keeps no failed answer: the same key may be retried, and the retry is counted', async () => {
      const key = newKey();
      const body = { templateName: 'Letter', fields: { Name: 'Retry' } };
      await setDocumentsUsed(app, await userIdOf(app, ada.email), 100);
      const refused = await generate(app, { apiKey, key, body });
      expect(refused.statusCode).toBe(402);
      expect(await storedKeys(app)).not.toContain(key);

      await setDocumentsUsed(app, await userIdOf(app, ada.email), 10);
      const retried = await generate(app, { apiKey, key, body });
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
      expect(await usedThisCycle(app, ada.email)).toBe(11);
      const replay = await generate(app, { apiKey, key, body });
      expect(replay.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
      expect(await usedThisCycle(app, ada.email)).toBe(11);
    });

    it('gives a new answer, counted again, once the key has expired', async () => {
      const key = newKey();
      const body = { templateName: 'Letter', fields: { Name: 'Later' } };
      const before = await usedThisCycle(app, ada.email);
      expect((await generate(app, { apiKey, key, body })).statusCode).toBe(200);
      app.clock.advanceMinutes(23 * HOURS);
      const within = await generate(app, { apiKey, key, body });
      expect(within.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
      app.clock.advanceMinutes(1 * HOURS);
      const after = await generate(app, { apiKey, key, body });
      expect(after.statusCode).toBe(200);
      expect(after.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
      expect(await usedThisCycle(app, ada.email)).toBe(before + 2);
    });

    it('keeps the claim of a call that outlasts its lease, renewing it while it runs', async () => {
      const shortLease = await buildTestApp(
        database,
        { idempotency: { windowMs: 24 * 3_600_000, leaseMs: 60, sweepIntervalMs: 900_000 } },
        { imageNetwork: images.network },
      );
      try {
        const grace = await signUp(shortLease);
        await uploadTemplate(shortLease, grace, { name: 'Logo', pdf: await makePdf({ pages: 1 }) });
        await saveFields(shortLease, grace, 'Logo', [
          textField('Logo', { fieldType: 'image', rectWidth: 60, rectHeight: 60 }),
        ]);
        const graceKey = await apiKeyOf(shortLease, grace, 'Logo');
        const key = newKey();
        const body = { templateName: 'Logo', fields: { Logo: `${images.base}/slow.png` } };
        const arrived = nextHeldRequest();
        const first = generate(shortLease, { apiKey: graceKey, key, body });
        await arrived;
        // Past the claim's first lease; the running call renews it (every 20 ms of real time).
        shortLease.clock.advanceMinutes(1);
        const now = shortLease.clock.now().toISOString();
        await vi.waitFor(async () => {
          const row = await shortLease.deps.db
            .selectFrom('idempotency_keys')
            .select('lease_expires_at')
            .executeTakeFirstOrThrow();
          expect(String(row.lease_expires_at) > now).toBe(true);
        });
        const meanwhile = await generate(shortLease, { apiKey: graceKey, key, body });
        expect(meanwhile.statusCode).toBe(409);
        releaseHeld();
        expect((await first).statusCode).toBe(200);
        expect(await usedThisCycle(shortLease, grace.email)).toBe(1);
      } finally {
        await shortLease.dispose();
      }
    });

    it('lets the key be used again once the claim of a call that died has run out', async () => {
      const key = newKey();
      const body = { templateName: 'Letter', fields: { Name: 'Crash' } };
      const userId = (
        await app.deps.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', ada.email)
          .executeTakeFirstOrThrow()
      ).id;
      // What an instance that died mid-call leaves behind: a claim nobody renews or finishes.
      await createIdempotencyService(app.deps).admit(
        { userId, endpoint: 'generateDocument', key },
        { body, respondAsync: false },
      );
      expect((await generate(app, { apiKey, key, body })).statusCode).toBe(409);
      app.clock.advanceMinutes(1);
      const before = await usedThisCycle(app, ada.email);
      const retried = await generate(app, { apiKey, key, body });
      expect(retried.statusCode, retried.body).toBe(200);
      expect(await usedThisCycle(app, ada.email)).toBe(before + 1);
    });
  },
);
