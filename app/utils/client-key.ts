// One client for the rate limits (ADR 050): an IPv4 address, or an IPv6 /64 — one connection gets a
// whole /64 and could otherwise claim 2^64 budgets. An IPv4-mapped IPv6 address is its IPv4 one.
import { isIPv4, isIPv6 } from "node:net";

/** The client's key for every limit: `203.0.113.7`, or `2001:db8:1:2::/64`. Idempotent. */
export function clientKey(address: string): string {
  if (isIPv4(address)) return address;
  const bare = address.replace(/%.*$/, ""); // a zone (fe80::1%eth0) names the interface, not the client
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join(".");
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted quad read). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number);
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16));
}
