import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Account } from '../../../test/http.ts';
import { testDatabases, type TestApp } from '../../../test/test-app.ts';
import { appWithAda, setDocumentsUsed, subscriptionOf } from '../../../test/billing.ts';
import { AppError } from '../../lib/app-error.ts';
import { produce } from './produce.ts';

const wording = ({ remaining }: { remaining: number }) => `${remaining} left`;

/** meter → make → settle on its own, against a real database. */
describe.each(testDatabases())('produce on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let userId: string;
  beforeEach(async () => {
    ({ app, ada, userId } = await appWithAda(database));
  });
  afterEach(() => app.dispose());

  const used = async () => (await subscriptionOf(app, ada)).pdfsGeneratedThisMonth;

  it('keeps every document counted when the work succeeds, and answers what it made', async () => {
    let reservedAt: Date | undefined;
    const made = await produce(app.deps, userId, { count: 3, wording }, async (at) => {
      reservedAt = at;
      expect(await used()).toBe(3);
      return 'made';
    });
    expect(made).toBe('made');
    expect(reservedAt).toEqual(app.clock.now());
    expect(await used()).toBe(3);
  });

  it('gives every document back when the work fails, and passes the failure on', async () => {
    const failure = new Error('the fill failed');
    await expect(
      produce(app.deps, userId, { count: 2, wording }, () => Promise.reject(failure)),
    ).rejects.toBe(failure);
    expect(await used()).toBe(0);
  });

  it('refuses past the limit in the caller’s words without doing the work', async () => {
    await setDocumentsUsed(app, userId, 99);
    let isMade = false;
    const refused = await produce(app.deps, userId, { count: 2, wording }, async () => {
      isMade = true;
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'QUOTA_EXCEEDED', status: 402, message: '1 left' });
    expect(isMade).toBe(false);
    expect(await used()).toBe(99);
  });
});
