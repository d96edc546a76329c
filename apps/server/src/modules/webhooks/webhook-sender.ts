import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pinnedLookup } from '../../lib/public-address.ts';
import { AppError } from '../../lib/app-error.ts';
import { checkedAddress, parseWebhookUrl, type WebhookNetwork } from './webhook-url.ts';

/** The part of an answer's body the log keeps. */
const RESPONSE_EXCERPT_BYTES = 1024;

export type TryOutcome = {
  /** Any 2xx; redirects are not followed and count as failures. */
  ok: boolean;
  statusCode: number | null;
  latencyMs: number;
  responseExcerpt: string | null;
  /** Why no answer came (timeout, refused address, connection error). */
  error: string | null;
};

const readExcerpt = (res: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () =>
      resolve(Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8'));
    res.on('data', (chunk: Buffer) => {
      if (size < RESPONSE_EXCERPT_BYTES) chunks.push(chunk);
      size += chunk.length;
      // The rest is not needed: stop reading instead of downloading whatever the receiver sends.
      if (size >= RESPONSE_EXCERPT_BYTES) {
        res.destroy();
        done();
      }
    });
    res.on('end', done);
    res.on('error', done);
    res.on('close', done);
  });

/**
 * One try: POSTs the body to the endpoint's URL, connected to the address that was checked, and
 * gives up after `timeoutMs` (answer and body included).
 */
export const sendTry = async (
  target: { url: string; body: string; headers: Record<string, string> },
  opts: WebhookNetwork & { timeoutMs: number },
): Promise<TryOutcome> => {
  const started = performance.now();
  const failed = (error: string, statusCode: number | null = null): TryOutcome => ({
    ok: false,
    statusCode,
    latencyMs: Math.max(0, Math.round(performance.now() - started)),
    responseExcerpt: null,
    error,
  });
  let url: URL;
  let address;
  try {
    url = parseWebhookUrl(target.url, opts);
    address = await checkedAddress(url, opts);
  } catch (error) {
    if (error instanceof AppError) return failed(error.message);
    throw error;
  }
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<TryOutcome>((resolve) => {
    let settled = false;
    const settle = (outcome: TryOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(outcome);
    };
    const req = request(
      url,
      {
        method: 'POST',
        lookup: pinnedLookup(address),
        headers: {
          ...target.headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(target.body)),
          'user-agent': 'Platen-Webhooks/1.0',
        },
      },
      (res) => {
        const statusCode = res.statusCode ?? 0;
        void readExcerpt(res).then((excerpt) =>
          settle({
            ok: statusCode >= 200 && statusCode < 300,
            statusCode,
            latencyMs: Math.max(0, Math.round(performance.now() - started)),
            responseExcerpt: excerpt,
            error: null,
          }),
        );
      },
    );
    const deadline = setTimeout(() => {
      settle(failed(`No answer within ${opts.timeoutMs / 1000} seconds.`));
      req.destroy();
    }, opts.timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) =>
      settle(failed(`Could not connect (${error.code ?? 'connection error'}).`)),
    );
    req.end(target.body);
  });
};
