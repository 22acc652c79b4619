/**
 * Which IP addresses the media proxy must not reach for a page: this machine (loopback,
 * unspecified), the local link (link-local, where cloud metadata services live) and private
 * networks (RFC 1918, carrier-grade NAT, IPv6 unique local), plus multicast and broadcast. A
 * hostile directory could otherwise make the back end fetch from the user's router, printer or a
 * local admin page and hand the answer to the renderer. IPv6 forms that carry an IPv4 address
 * (IPv4-mapped, IPv4-compatible, NAT64, 6to4) are judged by that address.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

const refusedIPv4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", incl. 0.0.0.0 which reaches the local host
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, incl. 169.254.169.254 metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking, used inside some networks
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, incl. 255.255.255.255 broadcast
] as const) {
  refusedIPv4.addSubnet(network, prefix, 'ipv4');
}

const refusedIPv6 = new BlockList();
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed locally by some stacks)
  ['fc00::', 7], // unique local
  ['ff00::', 8], // multicast
] as const) {
  refusedIPv6.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (also with an embedded dotted IPv4 tail), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const bytes = dotted[1]!.split('.').map(Number);
    text = `${text.slice(0, -dotted[1]!.length)}${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const groups = tail === undefined ? front : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

function ipv4From(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** The IPv4 address an IPv6 address stands for, when it is one of the forms that embed one. */
function embeddedIPv4(groups: number[]): string | null {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const zeroUpTo = (count: number) => groups.slice(0, count).every((group) => group === 0);
  // ::ffff:a.b.c.d (IPv4-mapped) and ::a.b.c.d (IPv4-compatible; :: and ::1 are judged as IPv6).
  if (zeroUpTo(5) && g5 === 0xffff) return ipv4From(g6, g7);
  if (zeroUpTo(6) && (g6 !== 0 || g7 > 1)) return ipv4From(g6, g7);
  // 64:ff9b::a.b.c.d and 64:ff9b:1::/48 (NAT64).
  if (g0 === 0x64 && g1 === 0xff9b && (g2 === 0 || g2 === 1) && g3 === 0 && g4 === 0 && g5 === 0) return ipv4From(g6, g7);
  // 2002:aabb:ccdd::/48 (6to4).
  if (g0 === 0x2002) return ipv4From(g1, g2);
  // ::ffff:0:a.b.c.d (IPv4-translated).
  if (zeroUpTo(4) && g4 === 0xffff && g5 === 0) return ipv4From(g6, g7);
  return null;
}

/**
 * Whether `address` (an IP literal, IPv6 without brackets) is one the media proxy refuses. Anything
 * that is not a valid IP address is refused too: the caller has resolved names before asking.
 */
export function isRefusedMediaAddress(address: string): boolean {
  if (isIPv4(address)) return refusedIPv4.check(address, 'ipv4');
  if (!isIPv6(address)) return true;
  const groups = ipv6Groups(address);
  if (!groups) return true;
  const ipv4 = embeddedIPv4(groups);
  if (ipv4 !== null) return refusedIPv4.check(ipv4, 'ipv4');
  return refusedIPv6.check(address.replace(/%.*$/, ''), 'ipv6');
}
