import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** The four bytes at these places of an IPv6 address's sixteen, as an IPv4 address. */
const ipv4Of = (bytes: number[], places: number[], invert = false) =>
  new ipaddr.IPv4(places.map((place) => (bytes[place] ?? 0) ^ (invert ? 0xff : 0)));

const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');
const LOCAL_NAT64 = ipaddr.parseCIDR('64:ff9b:1::/48');
const LAST_32_BITS = [12, 13, 14, 15];
/**
 * RFC 6052 §2.2: where a NAT64 prefix of 32 to 96 bits puts the IPv4 address (byte 8, bits 64–71,
 * is always skipped). A local-use prefix may be any of the lengths from /48 on.
 */
const NAT64_PLACES_FROM_48 = [[6, 7, 9, 10], [7, 9, 10, 11], [9, 10, 11, 12], LAST_32_BITS];

/**
 * The IPv4 addresses an IPv6 address leads to, for the forms that carry them; undefined for
 * other IPv6 addresses. ipaddr.js (already judging every range) names each form's range (RFC
 * 6052 for both NAT64 prefixes) and gives the bytes, so this only says where each form keeps its
 * IPv4 address; Node's net.BlockList can tell a range but not read the address out of it.
 * ipaddr.js has no name for the IPv4-compatible ::/96, which also holds :: and ::1 (0.0.0.0 and
 * 0.0.0.1: refused).
 */
const embeddedIPv4 = (address: ipaddr.IPv6): ipaddr.IPv4[] | undefined => {
  const bytes = address.toByteArray();
  switch (address.range()) {
    case 'ipv4Mapped': // ::ffff:0:0/96
    case 'rfc6145': // IPv4-translated, ::ffff:0:0:0/96
      return [ipv4Of(bytes, LAST_32_BITS)];
    case 'rfc6052': // NAT64
      return address.match(LOCAL_NAT64)
        ? NAT64_PLACES_FROM_48.map((places) => ipv4Of(bytes, places))
        : [ipv4Of(bytes, LAST_32_BITS)];
    case '6to4': // 2002::/16, the IPv4 address in bits 16–48
      return [ipv4Of(bytes, [2, 3, 4, 5])];
    case 'teredo': // 2001::/32: the server in bits 32–64, the client inverted in the last 32
      return [ipv4Of(bytes, [4, 5, 6, 7]), ipv4Of(bytes, LAST_32_BITS, true)];
    default:
      return address.match(IPV4_COMPATIBLE) ? [ipv4Of(bytes, LAST_32_BITS)] : undefined;
  }
};

/**
 * Only addresses on the public internet may be fetched for image fields and sent webhooks
 * (security.md §37, §47): loopback, private, link-local (cloud metadata at 169.254.169.254),
 * unique-local, CGNAT, multicast, reserved and unspecified ranges are refused. An IPv6 address
 * that carries an IPv4 address (IPv4-compatible, -mapped, -translated, NAT64, 6to4, Teredo) is
 * judged by that address, every one it carries: `[::127.0.0.1]` is loopback, and NAT64 is how
 * IPv6-only networks reach public IPv4 hosts. The one place these rules live.
 */
export const isPublicAddress = (address: string): boolean => {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const carried = embeddedIPv4(parsed as ipaddr.IPv6);
  if (carried) return carried.every((ipv4) => ipv4.range() === 'unicast');
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
