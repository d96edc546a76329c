import ipaddr from 'ipaddr.js';
import { ConfigError } from './config-error.ts';

/**
 * Whose `X-Forwarded-For` entries to believe: none, the last `hops` entries, or proxies by
 * address. The client's address is the right-most entry not written by a trusted proxy.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

// proxy-addr's names for whole ranges, besides addresses and CIDRs.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

// Plain dotted IPv4 only: ipaddr.js would also read `1.5` as 1.0.0.5, which nobody means here.
const isPlainAddress = (value: string) =>
  ipaddr.IPv4.isValidFourPartDecimal(value) || ipaddr.IPv6.isValid(value);

const isProxyAddress = (value: string) => {
  if (PROXY_RANGE_NAMES.has(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  if (rest.length > 0 || !isPlainAddress(address)) return false;
  if (prefix === undefined) return true;
  const maxPrefix = ipaddr.IPv6.isValid(address) ? 128 : 32;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix;
};

const TRUST_PROXY_HELP =
  'set it to the number of proxies in front of the server (e.g. 1), or to their addresses or ' +
  'networks, comma-separated (e.g. 10.0.0.0/8,loopback), or false when clients connect directly';

/**
 * TRUST_PROXY. `true` is refused: it believes every X-Forwarded-For entry, and the left-most one
 * is written by the client, so any per-address limit could be reset at will (security.md §2).
 */
export const parseTrustProxy = (value: string | undefined): TrustProxy => {
  const text = (value ?? 'false').trim().toLowerCase();
  if (text === 'false' || text === '0') return false;
  if (text === 'true') {
    throw new ConfigError(
      `TRUST_PROXY: "true" would believe addresses any client can forge; ${TRUST_PROXY_HELP}.`,
    );
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10)
      throw new ConfigError(`TRUST_PROXY: ${hops} proxies is not plausible; ${TRUST_PROXY_HELP}.`);
    return { hops };
  }
  const addresses = text.split(',').map((part) => part.trim());
  const bad = addresses.filter((address) => !isProxyAddress(address));
  if (bad.length > 0) {
    throw new ConfigError(
      `TRUST_PROXY: "${bad.join('", "')}" is not an address or network; ${TRUST_PROXY_HELP}.`,
    );
  }
  return { addresses };
};
