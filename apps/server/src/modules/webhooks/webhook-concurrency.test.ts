import type { WebhookEvent } from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceDays } from '../../../test/billing.ts';
import { signUp, type Account } from '../../../test/http.ts';
import { buildTestApp, testConfig, testDatabases, type TestApp } from '../../../test/test-app.ts';
import { startReceiver, type Receiver } from '../../../test/webhook-receiver.ts';
import { webhookCalls } from '../../../test/webhooks.ts';
import { createDeliveryWorker } from './delivery-worker.ts';

/** More than one delivery pass used to take (20), so a pass full of them would leave others out. */
const HANGING_DELIVERIES = 24;

describe.each(testDatabases())('webhook deliveries per endpoint on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let bob: Account;
  let hanging: Receiver;
  let answering: Receiver;

  beforeAll(async () => {
    app = await buildTestApp(database, {
      // A try that gets no answer is given up after 5 s; this test ends them sooner by closing
      // the receiver that holds them.
      webhooks: { ...testConfig().webhooks, allowPrivateUrls: true, timeoutMs: 5_000 },
    });
    [ada, bob] = await Promise.all([signUp(app), signUp(app)]);
    [hanging, answering] = await Promise.all([startReceiver(), startReceiver()]);
    // Takes every request and never answers it.
    hanging.answerWith(() => ({ status: 200, delayMs: 600_000 }));
  });
  afterAll(async () => {
    await Promise.all([hanging.close(), answering.close()]);
    await app.dispose();
  });

  const adas = webhookCalls(() => ({ app, account: ada }));
  const bobs = webhookCalls(() => ({ app, account: bob }));

  /** Resolves once `isDone` says so, or when `pass` has ended without it. */
  const whilePassRuns = async (pass: Promise<unknown>, isDone: () => Promise<boolean>) => {
    let isOver = false;
    void pass.finally(() => (isOver = true));
    while (!isOver && !(await isDone())) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  it("delivers another account's event while one endpoint's receiver hangs, and holds at most two tries of that endpoint at once", async () => {
    const slow = await adas.addEndpoint({ url: hanging.url });
    const quick = await bobs.addEndpoint({ url: answering.url });
    // Ada's test events are queued first, so they are the oldest due deliveries.
    for (let sent = 0; sent < HANGING_DELIVERIES; sent += 1) {
      // Sending test events is limited per minute: the queue is filled over a few minutes.
      if (sent > 0 && sent % 8 === 0) await advanceDays(app, 61 / (24 * 3600), ada, bob);
      await adas.sendTest(slow.id);
    }
    const bobsTest = await bobs.sendTest(quick.id);

    const pass = adas.deliver();
    // Ada's second try may reach her receiver just after Bob's delivery ends: wait for both.
    await whilePassRuns(
      pass,
      async () =>
        hanging.received.length >= 2 &&
        (await bobs.deliveries(quick.id))[0]?.status === 'succeeded',
    );
    // Bob's event was delivered and logged while Ada's first tries were still waiting for an
    // answer, and no more than two of hers had been sent.
    expect(answering.received.map((r) => (JSON.parse(r.body) as WebhookEvent).id)).toEqual([
      bobsTest.eventId,
    ]);
    expect((await bobs.deliveries(quick.id))[0]).toMatchObject({ status: 'succeeded' });
    expect(hanging.received).toHaveLength(2);

    // Closing the hanging receiver fails the tries it held; each of Ada's deliveries then gets
    // its try in turn, two at a time, and the pass ends.
    await hanging.close();
    expect(await pass).toBe(HANGING_DELIVERIES + 1);
    const adasLog = await adas.deliveries(slow.id);
    expect(adasLog).toHaveLength(HANGING_DELIVERIES);
    expect(adasLog.every((d) => d.status === 'pending' && d.attempt === 1)).toBe(true);
    expect(hanging.received).toHaveLength(2);
  });

  it("has a running server's poll return while tries hang, and fills an ended try's place at once", async () => {
    const carol = await signUp(app);
    const carols = webhookCalls(() => ({ app, account: carol }));
    const receiver = await startReceiver();
    receiver.answerWith(() => ({ status: 200, delayMs: 600_000 }));
    const endpoint = await carols.addEndpoint({ url: receiver.url });
    for (let i = 0; i < 3; i += 1) await carols.sendTest(endpoint.id);

    const worker = createDeliveryWorker(app.deps);
    // Two tries started and still waiting for their answers: the poll is done all the same.
    expect(await worker.poll()).toBe(2);
    expect(await worker.poll()).toBe(0);
    // The ended tries make room: the third delivery is tried without another poll.
    await receiver.close();
    await worker.idle();
    worker.stop();
    expect(worker.started()).toBe(3);
    const log = await carols.deliveries(endpoint.id);
    expect(log.map((d) => d.attempt)).toEqual([1, 1, 1]);
  });
});
