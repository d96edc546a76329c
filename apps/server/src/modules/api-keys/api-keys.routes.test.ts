import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, type Account } from '../../../test/http.ts';
import { makePdf } from '../../../test/pdf-fixtures.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import { apiKeyOf, generate, uploadTemplate } from '../../../test/templates.ts';

describe.each(testDatabases())('API keys on %s', (database) => {
  let app: TestApp;
  let ada: Account;

  beforeAll(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app);
    await uploadTemplate(app, ada, { name: 'Form', pdf: await makePdf() });
  });
  afterAll(() => app.dispose());

  it('are random, prefixed, stored only hashed and encrypted', async () => {
    const key = await apiKeyOf(app, ada, 'Form');
    expect(key).toMatch(/^plt_[A-Za-z0-9_-]{43}$/);
    const rows = await app.deps.db.selectFrom('api_keys').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(key.slice(4));
  });

  it('can be regenerated, which revokes the old key at once', async () => {
    const old = await apiKeyOf(app, ada, 'Form');
    const res = await call(app, 'POST', '/v1/user/api-key/regenerate', { token: ada.token });
    expect(res.statusCode).toBe(200);
    const { apiKey } = res.json<{ apiKey: string }>();
    expect(apiKey).not.toBe(old);
    expect(await apiKeyOf(app, ada, 'Form')).toBe(apiKey);
    expect((await generate(app, old, { templateName: 'Form', fields: {} })).statusCode).toBe(401);
    expect((await generate(app, apiKey, { templateName: 'Form', fields: {} })).statusCode).toBe(
      200,
    );
  });
});
