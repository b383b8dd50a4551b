// IPv4 CIDR matching for pages restricted to address ranges (access type `ip-restriction`). Only
// IPv4: a client reaching us over IPv6 is refused unless its address is IPv4-mapped (`::ffff:a.b.c.d`,
// what a dual-stack socket reports for an IPv4 client), which counts as the IPv4 address it carries.

const DOTTED = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
/** `::ffff:a.b.c.d` and its long form `0:0:0:0:0:ffff:a.b.c.d`. */
const MAPPED = /^(?:::|(?:0{1,4}:){5})ffff:(\d{1,3}(?:\.\d{1,3}){3})$/;

/** The address as an unsigned 32-bit number, or null when it is not a dotted-quad IPv4 address. */
export function parseIpv4(text: string): number | null {
  const match = DOTTED.exec(text);
  if (!match) return null;
  const octets = match.slice(1, 5).map(Number);
  // Leading zeros are refused: some resolvers read `010` as octal, so the address would be ambiguous.
  if (octets.some((o, i) => o > 255 || (match[i + 1].length > 1 && match[i + 1].startsWith('0')))) return null;
  return ((octets[0] << 24) | (octets[1] << 16) | (octets[2] << 8) | octets[3]) >>> 0;
}

/** The IPv4 address a client address stands for: itself, or the address inside `::ffff:a.b.c.d`. */
export function clientIpv4(address: string): number | null {
  const lower = address.trim().toLowerCase();
  const mapped = MAPPED.exec(lower);
  return parseIpv4(mapped ? mapped[1] : lower);
}

export interface Ipv4Range {
  network: number;
  mask: number;
}

/** `10.0.0.0/8` (a bare address is a /32), or null when malformed. Host bits are ignored. */
export function parseCidr(text: string): Ipv4Range | null {
  const [address, bits, ...rest] = text.trim().split('/');
  if (rest.length) return null;
  const ip = parseIpv4(address);
  if (ip === null) return null;
  let prefix = 32;
  if (bits !== undefined) {
    if (!/^\d{1,2}$/.test(bits) || Number(bits) > 32) return null;
    prefix = Number(bits);
  }
  // A shift by 32 is a shift by 0 in JavaScript, hence the special case of /0.
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  return { network: (ip & mask) >>> 0, mask };
}

/** Whether the client address is in one of the ranges; malformed ranges match nothing. */
export function ipInRanges(address: string, ranges: readonly string[]): boolean {
  const ip = clientIpv4(address);
  if (ip === null) return false;
  return ranges.some((text) => {
    const range = parseCidr(text);
    return range !== null && (ip & range.mask) >>> 0 === range.network;
  });
}
