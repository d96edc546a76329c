export type VerifyOptions = {
  /** How old a delivery's timestamp may be, in seconds (default 300); older ones are replays. */
  toleranceSeconds?: number;
  /** The time to check against (default now). */
  now?: Date;
};

const utf8 = new TextEncoder();

const hexBytes = (hex: string): Uint8Array<ArrayBuffer> | null => {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return null;
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
};

/**
 * Whether a delivery really comes from Platen: its `Platen-Signature` header
 * (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, one `v1` per live secret) signs
 * `rawBody` — the body exactly as received, before any JSON parsing — with the endpoint's
 * `secret`, within `toleranceSeconds` of now. The comparison is the platform's constant-time HMAC
 * verification (Web Crypto: Node 20+ and browsers).
 */
export const verifyWebhookSignature = async (
  rawBody: string | Uint8Array,
  header: string | null | undefined,
  secret: string,
  { toleranceSeconds = 300, now = new Date() }: VerifyOptions = {},
): Promise<boolean> => {
  const parts = (header ?? '').split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([name]) => name === 't')?.[1]);
  if (!Number.isInteger(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return false;

  const body = typeof rawBody === 'string' ? utf8.encode(rawBody) : rawBody;
  const signed = new Uint8Array(body.length + String(timestamp).length + 1);
  signed.set(utf8.encode(`${timestamp}.`));
  signed.set(body, signed.length - body.length);
  const key = await globalThis.crypto.subtle.importKey(
    'raw',
    utf8.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  for (const [name, value = ''] of parts) {
    const signature = name === 'v1' ? hexBytes(value) : null;
    if (signature && (await globalThis.crypto.subtle.verify('HMAC', key, signature, signed))) {
      return true;
    }
  }
  return false;
};
