import type { LookupAddress } from 'node:dns';
import { AppError } from '../../lib/app-error.ts';
import { isPublicAddress, resolveCheckedAddress } from '../../lib/public-address.ts';

/**
 * Where webhooks may go: the image-URL rules (security.md §37), https on public unicast
 * addresses. `allowPrivateUrls` (WEBHOOKS_ALLOW_PRIVATE_URLS, never in production) lets local
 * development and tests use http and their own machine.
 */
export type WebhookNetwork = { allowPrivateUrls: boolean };

const notAllowed = (why: string) => new AppError('WEBHOOK_URL_NOT_ALLOWED', 400, why);

/** Checks a URL's form: https (or http when private URLs are allowed), no credentials. */
export const parseWebhookUrl = (value: string, network: WebhookNetwork): URL => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw notAllowed('Enter a full URL, e.g. https://example.com/hooks.');
  }
  const schemes = network.allowPrivateUrls ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) throw notAllowed('The URL must start with https://.');
  if (url.username || url.password)
    throw notAllowed('The URL must not contain a user or password.');
  return url;
};

/**
 * Resolves the URL's host and checks every address; the answer is the address to connect to,
 * pinned for the connection, so DNS cannot point somewhere else between check and send.
 */
export const checkedAddress = async (url: URL, network: WebhookNetwork): Promise<LookupAddress> => {
  const target = await resolveCheckedAddress(
    url.hostname,
    network.allowPrivateUrls ? () => true : isPublicAddress,
  );
  if (target === 'unknown') throw notAllowed(`The host "${url.hostname}" could not be found.`);
  if (target === 'refused') {
    throw notAllowed('The URL points to a private or local address, which is not allowed.');
  }
  return target;
};

/** The check made when an endpoint is saved; it is made again before every try. */
export const checkWebhookUrl = async (value: string, network: WebhookNetwork): Promise<string> => {
  const url = parseWebhookUrl(value, network);
  await checkedAddress(url, network);
  return url.toString();
};
