import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The receiver's check from docs/webhooks.md, line for line: a test that passes with it proves
 * the documented code verifies real deliveries.
 */
export const verifyPlatenSignature = (
  header: string,
  body: string,
  secret: string,
  nowSeconds = Date.now() / 1000,
  toleranceSeconds = 300,
) => {
  const parts = header.split(',').map((part) => part.split('='));
  const t = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!(Math.abs(nowSeconds - t) <= toleranceSeconds)) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return parts.some(
    ([key, hex]) =>
      key === 'v1' && hex?.length === 64 && timingSafeEqual(Buffer.from(hex, 'hex'), expected),
  );
};

type Received = { headers: IncomingHttpHeaders; body: string; path: string };

/** How the receiver answers the next request: a status, optionally after a delay (a timeout). */
export type Answer = { status: number; body?: string; delayMs?: number };

/**
 * A webhook receiver on 127.0.0.1: it records every request and answers from a list of planned
 * answers (then 200). The edge of the network, so it is the one stand-in these tests use.
 */
export const startReceiver = async () => {
  const received: Received[] = [];
  const planned: Answer[] = [];
  let answerFor: ((body: string) => Answer) | undefined;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        path: req.url ?? '',
      });
      const body = received.at(-1)!.body;
      const answer = planned.shift() ?? answerFor?.(body) ?? { status: 200, body: 'ok' };
      const timer = setTimeout(() => {
        if (!res.destroyed) res.writeHead(answer.status).end(answer.body ?? '');
      }, answer.delayMs ?? 0);
      res.on('close', () => clearTimeout(timer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** Answers the next requests, in order, with these. */
    plan: (...answers: Answer[]) => planned.push(...answers),
    /** Answers every unplanned request by what it carries. */
    answerWith: (choose: (body: string) => Answer) => {
      answerFor = choose;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
