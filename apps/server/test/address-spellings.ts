/**
 * IPv6 addresses that carry a loopback, private or metadata IPv4 address (security.md §37, §47),
 * as URL hosts; the webhook and image URL checks must refuse every one.
 */
export const EMBEDDED_IPV4_HOSTS = [
  // IPv4-compatible, ::/96 (deprecated, RFC 4291 §2.5.5.1)
  '[::127.0.0.1]',
  '[::7f00:1]',
  '[::a00:1]',
  '[::a9fe:a9fe]',
  // IPv4-mapped, ::ffff:0:0/96
  '[::ffff:a00:1]',
  // IPv4-translated, ::ffff:0:0:0/96 (RFC 6145)
  '[::ffff:0:7f00:1]',
  '[::ffff:0:a9fe:a9fe]',
  // NAT64, 64:ff9b::/96 (RFC 6052) and the local-use 64:ff9b:1::/48 (RFC 8215)
  '[64:ff9b::7f00:1]',
  '[64:ff9b::a9fe:a9fe]',
  '[64:ff9b:1::a00:1]',
  '[64:ff9b:1:a00:1::]',
  // 6to4, 2002::/16 (RFC 3056): the IPv4 address in bits 16–48
  '[2002:7f00:1::1]',
  '[2002:a9fe:a9fe::]',
  // Teredo, 2001::/32 (RFC 4380): the server in bits 32–64, the client inverted in the last 32
  '[2001:0:808:808::80ff:fffe]',
  '[2001:0:a9fe:a9fe::f7f7:f7f7]',
  '[2001:0:808:808::f5ff:fffe]',
];

/** The same forms carrying 8.8.8.8, a public address. */
export const EMBEDDED_PUBLIC_IPV4 = [
  '::808:808',
  '::ffff:0:808:808',
  '64:ff9b::808:808',
  '2002:808:808::1',
  '2001:0:808:808::f7f7:f7f7',
];
