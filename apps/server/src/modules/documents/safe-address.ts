import ipaddr from 'ipaddr.js';

/**
 * Only addresses on the public internet may be fetched for image fields (security.md §37):
 * loopback, private, link-local (cloud metadata at 169.254.169.254), unique-local, CGNAT,
 * multicast, reserved and unspecified ranges are refused, and so is IPv4 hidden in IPv6.
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
