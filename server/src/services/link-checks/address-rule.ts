/**
 * The address rule of the outside-link checker (ADR 086): it never connects to this machine or a network behind
 * it. Refused are loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16, fe80::/10),
 * unspecified, CGNAT (100.64/10), multicast and reserved addresses, also as IPv4 inside IPv6 (`::ffff:127.0.0.1`,
 * NAT64 `64:ff9b::/96`). The decision is on the resolved IP, and the request then connects to exactly that IP, so a
 * name that resolves differently a moment later (DNS rebinding) cannot slip through. `allowPrivate` (the setting
 * LINK_CHECK_ALLOW_PRIVATE, docs/operations.md) lifts the rule: tests check their own server on 127.0.0.1.
 */
import { BlockList, isIP } from 'node:net';
import { lookup } from 'node:dns/promises';

const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  refused.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8], // multicast
  ['100::', 64], // discard
] as const) {
  refused.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv6 one that carries it (`::ffff:a.b.c.d`, `::a.b.c.d`, `64:ff9b::a.b.c.d`), else undefined. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::(?:ffff(?::0{1,4})?:)?|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::(?:ffff(?::0{1,4})?:)?|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const high = parseInt(hex[1], 16);
  const low = parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether the checker may connect to this IP address (text); anything that is no IP address is refused. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return !refused.check(bare, 'ipv4');
  if (family !== 6) return false;
  const inner = embeddedIpv4(bare);
  if (inner !== undefined) return isIP(inner) === 4 && !refused.check(inner, 'ipv4');
  return !refused.check(bare, 'ipv6');
}

export class AddressRefused extends Error {
  constructor(readonly code: 'address' | 'dns') {
    super(code === 'address' ? 'the address is not public' : 'the name does not resolve');
  }
}

/**
 * The IP address to connect to for a URL's host: the literal itself (after the URL parser has turned decimal and
 * hex forms such as `2130706433` into `127.0.0.1`) or the name's addresses, all of which must pass the rule.
 * Throws AddressRefused (`address`, `dns`).
 */
export async function resolveCheckedAddress(hostname: string, allowPrivate: boolean): Promise<{ address: string; family: 4 | 6 }> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(bare);
  let addresses: { address: string; family: number }[];
  if (literal) addresses = [{ address: bare, family: literal }];
  else {
    try {
      addresses = await lookup(bare, { all: true, verbatim: true });
    } catch {
      throw new AddressRefused('dns');
    }
  }
  if (!addresses.length) throw new AddressRefused('dns');
  if (!allowPrivate && addresses.some((entry) => !isPublicAddress(entry.address))) throw new AddressRefused('address');
  const chosen = addresses[0];
  return { address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}
