import type { WebhookEvent } from '@platen/contract';
import { Migrator, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceDays } from '../../../test/billing.ts';
import { mailbox, signUp, type Account } from '../../../test/http.ts';
import { buildTestApp, testConfig, testDatabases, type TestApp } from '../../../test/test-app.ts';
import {
  startReceiver,
  verifyPlatenSignature,
  type Receiver,
} from '../../../test/webhook-receiver.ts';
import { webhookCalls } from '../../../test/webhooks.ts';
import { migrateToLatest } from '../../db/database.ts';
import { migrations } from '../../db/migrations/index.ts';
import { encryptText } from '../../lib/secret-box.ts';

describe.each(testDatabases())('webhook deliveries on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let receiver: Receiver;

  beforeAll(async () => {
    app = await buildTestApp(database, {
      webhooks: {
        ...testConfig().webhooks,
        allowPrivateUrls: true,
        timeoutMs: 500,
        maxAttempts: 3,
        retryBaseMs: 60_000,
      },
    });
    ada = await signUp(app);
    receiver = await startReceiver();
  });
  afterEach(() => {
    receiver.received.length = 0;
  });
  afterAll(async () => {
    await receiver.close();
    await app.dispose();
  });

  /** The app's time in seconds, as a receiver's clock in step with it would read. */
  const now = () => app.clock.now().getTime() / 1000;
  /** Moves the app's clock and signs in again (the session expires with time, too). */
  const advanceMinutes = (minutes: number) => advanceDays(app, minutes / (24 * 60), ada);

  const { addEndpoint, updateEndpoint, sendTest, deliveries, resend, deliver, send } = webhookCalls(
    () => ({ app, account: ada }),
  );

  it('signs a test event so that the documented check verifies it, and logs the answer', async () => {
    const endpoint = await addEndpoint({ url: receiver.url });
    receiver.plan({ status: 200, body: `thanks${'!'.repeat(2000)}` });
    const queued = await sendTest(endpoint.id);
    expect(queued).toMatchObject({ status: 'pending', attempt: 0, eventType: 'webhook.test' });
    expect(receiver.received).toHaveLength(0);

    expect(await deliver()).toBe(1);
    const [request] = receiver.received;
    const signature = String(request?.headers['platen-signature']);
    expect(verifyPlatenSignature(signature, request!.body, endpoint.secret, now())).toBe(true);
    expect(verifyPlatenSignature(signature, request!.body, 'whsec_wrong', now())).toBe(false);
    expect(verifyPlatenSignature(signature, `${request!.body} `, endpoint.secret, now())).toBe(
      false,
    );
    const event = JSON.parse(request!.body) as WebhookEvent;
    expect(event).toMatchObject({
      id: queued.eventId,
      type: 'webhook.test',
      data: { endpointId: endpoint.id },
    });
    expect(request!.headers['platen-event-id']).toBe(queued.eventId);

    const [logged] = await deliveries(endpoint.id);
    expect(logged).toMatchObject({
      id: queued.id,
      status: 'succeeded',
      attempt: 1,
      statusCode: 200,
      nextAttemptAt: null,
    });
    expect(logged!.latencyMs).toBeGreaterThanOrEqual(0);
    expect(logged!.responseExcerpt).toHaveLength(1024);
    expect(await deliver()).toBe(0);
  });

  it('refuses a signature older than the tolerance (a replay)', async () => {
    const endpoint = await addEndpoint({ url: receiver.url });
    await sendTest(endpoint.id);
    await deliver();
    const [request] = receiver.received;
    const header = String(request!.headers['platen-signature']);
    const old = header.replace(/t=\d+/, `t=${Math.floor(now()) - 600}`);
    expect(verifyPlatenSignature(old, request!.body, endpoint.secret, now())).toBe(false);
  });

  it('retries after a 500 and a timeout with growing waits, and stops at the first success', async () => {
    const endpoint = await addEndpoint({ url: receiver.url });
    receiver.plan({ status: 500, body: 'down' }, { status: 200, delayMs: 2_000 }, { status: 204 });
    const { id } = await sendTest(endpoint.id);

    await deliver();
    let [line] = await deliveries(endpoint.id);
    expect(line).toMatchObject({
      id,
      status: 'pending',
      attempt: 1,
      statusCode: 500,
      responseExcerpt: 'down',
    });
    const firstWait = new Date(line!.nextAttemptAt!).getTime() - app.clock.now().getTime();
    expect(firstWait).toBeGreaterThanOrEqual(48_000);
    expect(firstWait).toBeLessThanOrEqual(72_000);
    expect(await deliver()).toBe(0);

    await advanceMinutes(2);
    await deliver();
    [line] = await deliveries(endpoint.id);
    expect(line).toMatchObject({
      status: 'pending',
      attempt: 2,
      statusCode: null,
      error: 'No answer within 0.5 seconds.',
    });
    const secondWait = new Date(line!.nextAttemptAt!).getTime() - app.clock.now().getTime();
    expect(secondWait).toBeGreaterThanOrEqual(96_000);
    expect(secondWait).toBeLessThanOrEqual(144_000);

    await advanceMinutes(3);
    await deliver();
    [line] = await deliveries(endpoint.id);
    expect(line).toMatchObject({
      status: 'succeeded',
      attempt: 3,
      statusCode: 204,
      nextAttemptAt: null,
    });
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    await advanceMinutes(60);
    expect(await deliver()).toBe(0);
  });

  it('marks the endpoint failing after the last try and tells the owner by e-mail', async () => {
    const endpoint = await addEndpoint({ url: receiver.url });
    receiver.plan({ status: 500 }, { status: 502 }, { status: 503 });
    await sendTest(endpoint.id);
    for (let i = 0; i < 3; i += 1) {
      await deliver();
      await advanceMinutes(10);
    }
    const [line] = await deliveries(endpoint.id);
    expect(line).toMatchObject({
      status: 'failed',
      attempt: 3,
      statusCode: 503,
      nextAttemptAt: null,
    });
    expect(await deliver()).toBe(0);
    const after = await send('GET', `/v1/webhook-endpoints/${endpoint.id}`);
    expect(after.json()).toMatchObject({ failing: true });
    const mails = await mailbox(app, ada.email);
    expect(mails.at(-1)?.subject).toBe('A Platen webhook endpoint is failing');
    expect(mails.at(-1)?.text).toContain(receiver.url);

    // Resending by hand makes a new delivery; its success clears the failing mark.
    const again = await resend(line!.id);
    expect(again).toMatchObject({ status: 'pending', attempt: 0, eventId: line!.eventId });
    await deliver();
    expect((await deliveries(endpoint.id))[0]).toMatchObject({ id: again.id, status: 'succeeded' });
    expect((await send('GET', `/v1/webhook-endpoints/${endpoint.id}`)).json()).toMatchObject({
      failing: false,
    });
    expect(receiver.received.at(-1)?.body).toBe(receiver.received[0]?.body);
  });

  it('signs with both secrets while a rotated-out one is live, then with the new one only', async () => {
    const endpoint = await addEndpoint({ url: receiver.url });
    const rotated = (
      await send('POST', `/v1/webhook-endpoints/${endpoint.id}/rotate-secret`)
    ).json<{ secret: string }>();
    await sendTest(endpoint.id);
    await deliver();
    const during = receiver.received[0]!;
    const header = String(during.headers['platen-signature']);
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(verifyPlatenSignature(header, during.body, endpoint.secret, now())).toBe(true);
    expect(verifyPlatenSignature(header, during.body, rotated.secret, now())).toBe(true);

    await advanceMinutes(24 * 60 + 1);
    await sendTest(endpoint.id);
    await deliver();
    const after = receiver.received[1]!;
    const laterHeader = String(after.headers['platen-signature']);
    expect(laterHeader.match(/v1=/g)).toHaveLength(1);
    expect(verifyPlatenSignature(laterHeader, after.body, rotated.secret, now())).toBe(true);
    expect(verifyPlatenSignature(laterHeader, after.body, endpoint.secret, now())).toBe(false);
  });

  it('keeps each rotated-out secret signing until its own 24 hours have passed', async () => {
    const endpoint = await addEndpoint({ url: receiver.url });
    const rotate = async () => {
      const res = await send('POST', `/v1/webhook-endpoints/${endpoint.id}/rotate-secret`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ secret: string; previousSecretExpiresAt: string | null }>();
    };
    /** The signature of a new test event's delivery, with the secrets it verifies with. */
    const signedWith = async (secrets: Record<string, string>) => {
      await sendTest(endpoint.id);
      await deliver();
      const request = receiver.received.at(-1)!;
      const header = String(request.headers['platen-signature']);
      const verified = Object.entries(secrets)
        .filter(([, secret]) => verifyPlatenSignature(header, request.body, secret, now()))
        .map(([name]) => name);
      return { signatures: header.match(/v1=/g)?.length, verified };
    };

    const second = await rotate();
    await advanceMinutes(6 * 60);
    const third = await rotate();
    // The last rotated-out secret to stop signing sets the endpoint's date.
    expect(third.previousSecretExpiresAt).toBe(
      new Date(app.clock.now().getTime() + 24 * 3_600_000).toISOString(),
    );
    const secrets = { original: endpoint.secret, second: second.secret, third: third.secret };
    expect(await signedWith(secrets)).toEqual({
      signatures: 3,
      verified: ['original', 'second', 'third'],
    });

    // The original's 24 hours are over; the second's (rotated out 6 hours later) are not.
    await advanceMinutes(18 * 60 + 1);
    expect(await signedWith(secrets)).toEqual({ signatures: 2, verified: ['second', 'third'] });

    await advanceMinutes(6 * 60);
    expect(await signedWith(secrets)).toEqual({ signatures: 1, verified: ['third'] });
    const after = await send('GET', `/v1/webhook-endpoints/${endpoint.id}`);
    expect(after.json()).toMatchObject({ previousSecretExpiresAt: null });
    const stored = await app.deps.db.selectFrom('webhook_endpoints').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(endpoint.secret.slice(6));
  });

  it('sends nothing to a disabled endpoint, and refuses a test or resend for it', async () => {
    const endpoint = await addEndpoint({ url: receiver.url });
    const { id } = await sendTest(endpoint.id);
    await updateEndpoint(endpoint.id, { enabled: false });
    expect(await deliver()).toBe(0);
    expect(receiver.received).toHaveLength(0);
    const test = await send('POST', `/v1/webhook-endpoints/${endpoint.id}/test`);
    expect(test.statusCode).toBe(409);
    expect(test.json()).toMatchObject({ code: 'WEBHOOK_ENDPOINT_DISABLED' });
    expect((await send('POST', `/v1/webhook-deliveries/${id}/resend`)).statusCode).toBe(409);
    await updateEndpoint(endpoint.id, { enabled: true });
    expect(await deliver()).toBe(1);
  });

  it('gives a delivery only to the account that owns it', async () => {
    const endpoint = await addEndpoint({ url: receiver.url });
    const { id } = await sendTest(endpoint.id);
    const bob = await signUp(app);
    const res = await app.inject({
      method: 'POST',
      url: `/v1/webhook-deliveries/${id}/resend`,
      headers: {
        authorization: `Bearer ${bob.token}`,
        cookie: 'XSRF-TOKEN=x',
        'x-xsrf-token': 'x',
      },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'WEBHOOK_DELIVERY_NOT_FOUND' });
    await deliver();
  });

  // Last: it takes the database down a migration and up again.
  it('carries a secret rotated out before migration 0015 over, with its expiry', async () => {
    const endpoint = await addEndpoint({ url: receiver.url });
    const migrator = new Migrator({
      db: app.deps.db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    });
    expect((await migrator.migrateTo('0014_webhook_tries_under_way')).error).toBeUndefined();
    const key = app.deps.secrets.encryptionKey;
    const replacement = 'whsec_q7Xv2LmN9pRtW4sKq7Xv2LmN9pRtW4sKq7Xv2Lm';
    const expiresAt = new Date(app.clock.now().getTime() + 3_600_000).toISOString();
    await sql`UPDATE webhook_endpoints SET secret_encrypted = ${encryptText(key, replacement)},
      previous_secret_encrypted = ${encryptText(key, endpoint.secret)},
      previous_secret_expires_at = ${expiresAt} WHERE id = ${endpoint.id}`.execute(app.deps.db);
    await migrateToLatest(app.deps.db);

    const after = await send('GET', `/v1/webhook-endpoints/${endpoint.id}`);
    expect(after.json()).toMatchObject({ previousSecretExpiresAt: expiresAt });
    await sendTest(endpoint.id);
    await deliver();
    const request = receiver.received.at(-1)!;
    const header = String(request.headers['platen-signature']);
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(verifyPlatenSignature(header, request.body, endpoint.secret, now())).toBe(true);
    expect(verifyPlatenSignature(header, request.body, replacement, now())).toBe(true);
  });
});
