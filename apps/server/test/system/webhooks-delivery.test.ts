import type { WebhookDelivery, WebhookEvent } from '@platen/contract';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { remoteCall, remoteSignUp, type RemoteAccount } from '../remote.ts';
import { stopServerProcess } from '../server-process.ts';
import { createSystemData, type SystemData } from '../system-server.ts';
import { startReceiver, verifyPlatenSignature, type Receiver } from '../webhook-receiver.ts';

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!hasPostgres) {
  console.warn(
    'TEST_DATABASE_URL is not set: two instances sending one set of webhooks on PostgreSQL is skipped.',
  );
}

/** Local receivers, and a schedule short enough for a test: 0.2 s, then 0.4 s… */
const WEBHOOK_ENV = {
  WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
  WEBHOOK_RETRY_BASE_SECONDS: '0.2',
  WEBHOOK_TIMEOUT_SECONDS: '2',
};

const addEndpoint = async (url: string, account: RemoteAccount, receiver: Receiver) => {
  const res = await remoteCall(url, 'POST', '/v1/webhook-endpoints', {
    token: account.token,
    body: { url: receiver.url, events: ['job.succeeded'] },
  });
  expect(res.status, res.body).toBe(200);
  return res.json<{ id: string; secret: string }>();
};

const sendTest = async (url: string, account: RemoteAccount, endpointId: string) => {
  const res = await remoteCall(url, 'POST', `/v1/webhook-endpoints/${endpointId}/test`, {
    token: account.token,
  });
  expect(res.status, res.body).toBe(200);
  return res.json<WebhookDelivery>();
};

/** Waits until the receiver has `count` requests (the test's own timeout bounds the wait). */
const untilReceived = async (receiver: Receiver, count: number) => {
  while (receiver.received.length < count) await new Promise((r) => setTimeout(r, 50));
};

describe('webhook deliveries across server processes', () => {
  let data: SystemData | undefined;
  let receiver: Receiver;
  beforeEach(async () => {
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await receiver.close();
    await data?.dispose();
    data = undefined;
  });
  afterAll(() => data?.dispose());

  it(
    'delivers a delivery queued by a server that was SIGKILLed, once restarted',
    { timeout: 120_000 },
    async () => {
      data = await createSystemData('sqlite');
      // This server looks for due deliveries only once an hour: the delivery waits in its row.
      const first = await data.start({ ...WEBHOOK_ENV, WEBHOOK_POLLING_SECONDS: '3600' });
      const ada = await remoteSignUp(first.url);
      const endpoint = await addEndpoint(first.url, ada, receiver);
      const queued = await sendTest(first.url, ada, endpoint.id);
      await stopServerProcess(first, 'SIGKILL');
      expect(receiver.received).toEqual([]);

      const second = await data.start({ ...WEBHOOK_ENV, WEBHOOK_POLLING_SECONDS: '0.2' });
      await untilReceived(receiver, 1);
      const [request] = receiver.received;
      expect((JSON.parse(request!.body) as WebhookEvent).id).toBe(queued.eventId);
      expect(
        verifyPlatenSignature(
          String(request!.headers['platen-signature']),
          request!.body,
          endpoint.secret,
        ),
      ).toBe(true);
      // The receiver has the request before the server has recorded its answer: ask until it has.
      const logged = async () => {
        const path = `/v1/webhook-endpoints/${endpoint.id}/deliveries`;
        const res = await remoteCall(second.url, 'GET', path, { token: ada.token });
        return res.json<{ deliveries: WebhookDelivery[] }>().deliveries[0];
      };
      await expect
        .poll(logged, { timeout: 30_000, interval: 100 })
        .toMatchObject({ id: queued.id, status: 'succeeded', attempt: 1 });
    },
  );

  it.runIf(hasPostgres)(
    'makes each try once when two instances on PostgreSQL send the same deliveries',
    { timeout: 120_000 },
    async () => {
      data = await createSystemData('postgres');
      const env = { ...WEBHOOK_ENV, WEBHOOK_POLLING_SECONDS: '0.1', WEBHOOK_MAX_ATTEMPTS: '2' };
      const servers = await Promise.all([data.start(env), data.start(env)]);
      // Test events are limited per account and minute: three accounts send ten each.
      const accounts = await Promise.all([0, 1, 2].map(() => remoteSignUp(servers[0].url)));
      const endpoints = await Promise.all(
        accounts.map((account) => addEndpoint(servers[0].url, account, receiver)),
      );
      const EVENTS = 30;
      // Every first try is answered 500, so each event is tried exactly twice.
      const firstTries = new Set<string>();
      receiver.answerWith((body) => {
        const { id } = JSON.parse(body) as WebhookEvent;
        if (firstTries.has(id)) return { status: 200 };
        firstTries.add(id);
        return { status: 500 };
      });
      const queued = await Promise.all(
        Array.from({ length: EVENTS }, (_, i) =>
          sendTest(servers[i % 2]!.url, accounts[i % 3]!, endpoints[i % 3]!.id),
        ),
      );
      await untilReceived(receiver, EVENTS * 2);
      // Long enough for a doubled try to have arrived: several passes of both instances.
      await new Promise((r) => setTimeout(r, 1_500));
      const tries = new Map<string, number>();
      for (const request of receiver.received) {
        const { id } = JSON.parse(request.body) as WebhookEvent;
        tries.set(id, (tries.get(id) ?? 0) + 1);
      }
      expect(tries.size).toBe(EVENTS);
      expect(new Set(tries.values())).toEqual(new Set([2]));
      expect(new Set(queued.map((d) => d.eventId))).toEqual(new Set(tries.keys()));
      const byInstance = servers.map(
        (s) => (s.output().match(/"event":"webhook.try"/g) ?? []).length,
      );
      expect(byInstance.reduce((a, b) => a + b, 0)).toBe(EVENTS * 2);
    },
  );
});
