// The unit the failed-authentication limit counts a client by: an IPv4 address, or the /64 network of
// an IPv6 address. One IPv6 host is routinely handed a whole /64 (SLAAC, privacy addresses), so
// counting each address apart would give one attacker 2^64 budgets. An IPv4 address mapped into IPv6
// (::ffff:a.b.c.d, as a dual-stack socket reports IPv4 peers) counts as that IPv4 address, so one
// client is one subject whichever way its address is written.
import { isIP } from 'node:net';

/** The eight 16-bit groups of a valid IPv6 address (zone id already removed). */
function groupsOf(address: string): number[] {
  let text = address;
  const tail: number[] = [];
  // A dotted IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is the last two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    tail.push((a << 8) | b, (c << 8) | d);
    text = text.slice(0, dotted.index);
    // "::1.2.3.4" leaves "::", "1::1.2.3.4" leaves "1::", "1:2:3:4:5:6:1.2.3.4" leaves "…:6:".
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const [head, rest] = text.split('::');
  const left = parse(head);
  const right = [...(rest === undefined ? [] : parse(rest)), ...tail];
  if (rest === undefined) return [...left, ...right];
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The subject an address counts under: `a.b.c.d` for IPv4 (mapped IPv6 included), `x:x:x:x::/64`
 * for IPv6. Anything else (a proxy header that is not an address) is counted as written, lowercased.
 */
export function clientNetworkOf(address: string): string {
  const bare = address.trim().toLowerCase().replace(/%.*$/, '');
  const version = isIP(bare);
  if (version === 4) return bare;
  if (version !== 6) return bare;
  const groups = groupsOf(bare);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
