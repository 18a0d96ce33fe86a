import ipaddr from 'ipaddr.js';

// The addresses a server-side fetch of outside media may reach (http-media.fetcher.ts checks each one it
// resolves and connects to).

/** 127.0.0.0/8, ::1 and IPv4-mapped loopback: the only addresses tests may open up. */
export function isLoopbackAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  return ipaddr.process(ip).range() === 'loopback';
}

/** Only global unicast IPv6 (2000::/3) is routable on the internet. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** The IPv4 address an IPv6 address stands for: IPv4-mapped, IPv4-compatible, NAT64 (64:ff9b::/96) or 6to4. */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const p = v6.parts;
  const fromGroups = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address();
  const firstSixZero = p.slice(0, 6).every((g) => g === 0);
  // ::a.b.c.d, the deprecated compatible form (but not :: or ::1 themselves).
  if (firstSixZero && ((p[6] ?? 0) !== 0 || (p[7] ?? 0) > 1)) return fromGroups(p[6] ?? 0, p[7] ?? 0);
  // A NAT64 gateway would forward to the embedded IPv4 address.
  if (p[0] === 0x64 && p[1] === 0xff9b && p.slice(2, 6).every((g) => g === 0)) {
    return fromGroups(p[6] ?? 0, p[7] ?? 0);
  }
  if (p[0] === 0x2002) return fromGroups(p[1] ?? 0, p[2] ?? 0);
  return undefined;
}

/**
 * True for any address a server-side fetch must not reach: everything ipaddr.js does not class as plain
 * unicast (private, loopback, link-local, CGNAT, multicast, unspecified, documentation, benchmarking,
 * reserved, Teredo…), in IPv4 and IPv6, including IPv4 embedded in IPv6 through mapping, NAT64 and
 * 6to4. Anything that is not a valid IP address is blocked too.
 */
export function isBlockedAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return true;
  const address = ipaddr.parse(ip);
  if (address.kind() === 'ipv4') return address.range() !== 'unicast';
  const v6 = address as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded) return embedded.range() !== 'unicast';
  return !v6.match(GLOBAL_UNICAST_V6) || v6.range() !== 'unicast';
}
