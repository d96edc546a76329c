import { IDEMPOTENT_REPLAYED_HEADER } from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody, type Account } from '../../test/http.ts';
import {
  generateWithKey as generate,
  GENERATE,
  letterTemplate,
  newKey,
} from '../../test/idempotency.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { usedThisCycle } from '../../test/templates.ts';

describe.each(testDatabases())('the Idempotency-Key header on generate (%s)', (database) => {
  let app: TestApp;
  let ada: Account;
  let apiKey: string;

  beforeAll(async () => {
    app = await buildTestApp(database);
    ({ ada, apiKey } = await letterTemplate(app));
  });
  afterAll(() => app.dispose());

  it.each([
    ['empty', ''],
    ['longer than 255 characters', 'k'.repeat(256)],
    ['with a control character', 'order\t1'],
    ['not ASCII', 'commande-é'],
  ])(
    'refuses a key that is %s with 400 naming the header, and counts nothing',
    async (_what, key) => {
      const before = await usedThisCycle(app, ada.email);
      const res = await generate(app, { apiKey, key, body: { templateName: 'Letter' } });
      expect(res.statusCode).toBe(400);
      expect(errorBody(res)).toEqual({
        status: 400,
        code: 'IDEMPOTENCY_KEY_INVALID',
        message: 'The Idempotency-Key header must be 1 to 255 printable ASCII characters.',
      });
      expect(await usedThisCycle(app, ada.email)).toBe(before);
    },
  );

  it('refuses an API key in the URL, also where the answer would be replayed', async () => {
    const key = newKey();
    const body = { templateName: 'Letter', fields: { Name: 'Url' } };
    expect((await generate(app, { apiKey, key, body })).statusCode).toBe(200);
    const res = await app.inject({
      method: 'POST',
      url: `${GENERATE}?apiKey=${apiKey}`,
      headers: { 'x-api-key': apiKey, 'idempotency-key': key },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_API_KEY' });
  });

  it('takes a key of 255 printable characters', async () => {
    const key = ` ~!"#$%&'()*+,-./09:;<=>?@AZ[\\]^_\`az{|}`.padEnd(255, 'k');
    const res = await generate(app, { apiKey, key, body: { templateName: 'Letter' } });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('without the header, does and counts every call', async () => {
    const before = await usedThisCycle(app, ada.email);
    const body = { templateName: 'Letter', fields: { Name: 'Twice' } };
    for (const res of [
      await generate(app, { apiKey, body }),
      await generate(app, { apiKey, body }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    }
    expect(await usedThisCycle(app, ada.email)).toBe(before + 2);
  });

  it('lets browsers send the key and read the replay header (CORS)', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: GENERATE,
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-api-key, idempotency-key',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(String(preflight.headers['access-control-allow-headers']).split(', ')).toContain(
      'idempotency-key',
    );
    const res = await generate(app, { apiKey, key: newKey(), body: { templateName: 'Letter' } });
    expect(String(res.headers['access-control-expose-headers']).split(', ')).toContain(
      IDEMPOTENT_REPLAYED_HEADER,
    );
  });

  it.each([
    ['Prefer: respond-async first (202, a job)', true],
    ['the synchronous call first (200, the PDF)', false],
  ])(
    'keeps a key to the mode it was used in, with or without Prefer: respond-async: %s, then the other is refused (422), counted once',
    async (_order, firstIsAsync) => {
      const key = newKey();
      const body = { templateName: 'Letter', fields: { Name: 'Mode' } };
      const before = await usedThisCycle(app, ada.email);
      const first = await generate(app, { apiKey, key, body, respondAsync: firstIsAsync });
      expect(first.statusCode, first.body).toBe(firstIsAsync ? 202 : 200);

      const other = await generate(app, { apiKey, key, body, respondAsync: !firstIsAsync });
      expect(other.statusCode, other.body).toBe(422);
      expect(other.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
      expect(errorBody(other)).toEqual({
        status: 422,
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: `This Idempotency-Key was already used ${firstIsAsync ? 'with' : 'without'} Prefer: respond-async. Use a new key for a new request.`,
      });

      // The same call again is still the same call: its own answer, replayed.
      const again = await generate(app, { apiKey, key, body, respondAsync: firstIsAsync });
      expect(again.statusCode).toBe(first.statusCode);
      expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(await usedThisCycle(app, ada.email)).toBe(before + 1);
    },
  );
});
