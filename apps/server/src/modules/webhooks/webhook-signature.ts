import { createHmac } from 'node:crypto';

/**
 * The `Platen-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, with one
 * `v1=` per live secret (more while rotated-out secrets still sign). The same scheme as
 * Stripe's, so receivers' habits and libraries carry over.
 */
export const signatureHeader = (body: string, secrets: readonly string[], at: Date): string => {
  const t = Math.floor(at.getTime() / 1000);
  const signatures = secrets.map(
    (secret) => `v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`,
  );
  return [`t=${t}`, ...signatures].join(',');
};
