import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Only addresses on the public internet may be fetched for image fields and sent webhooks
 * (security.md §37): loopback, private, link-local (cloud metadata at 169.254.169.254),
 * unique-local, CGNAT, multicast, reserved and unspecified ranges are refused, and so is IPv4
 * hidden in IPv6. The one place these rules live.
 */
export const isPublicAddress = (address: string): boolean => {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  return parsed.range() === 'unicast';
};

/**
 * Resolves a URL's host once and checks every address it has: `unknown` when it has none,
 * `refused` when any is not allowed, else the address to connect to (pin it with `pinnedLookup`,
 * so no second DNS answer can sneak in).
 */
export const resolveCheckedAddress = async (
  hostname: string,
  isAllowed: (address: string) => boolean,
): Promise<LookupAddress | 'unknown' | 'refused'> => {
  const host = hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await lookup(host, { all: true }).catch(() => []);
  if (addresses.length === 0) return 'unknown';
  if (!addresses.every((a) => isAllowed(a.address))) return 'refused';
  return addresses[0] as LookupAddress;
};

/**
 * A DNS look-up that always answers the address that was checked. Node asks for every address
 * (`all`) when it may race IPv4 against IPv6, and for one otherwise; both get the same one.
 */
export const pinnedLookup =
  (target: LookupAddress): LookupFunction =>
  (_host, opts, done) => {
    if (opts.all) {
      (done as unknown as (error: null, addresses: LookupAddress[]) => void)(null, [target]);
    } else {
      done(null, target.address, target.family);
    }
  };
