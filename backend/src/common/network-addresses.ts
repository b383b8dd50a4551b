// Which network addresses the service may connect to when a stranger chose the target (OAuth client
// metadata documents, alert webhooks, monitor checks from shared regions, OpenTelemetry export): never
// private, loopback, link-local (the cloud metadata address among them), unique-local, CGNAT,
// multicast or reserved ranges. `checkedLookup` runs the check inside a connection's own name lookup,
// so the socket connects to exactly the address that was checked (no DNS rebinding between check and
// use). A refusal of a host name never shows the address it resolved to: that would map the network.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const privateV4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  privateV4.addSubnet(net, prefix, 'ipv4');
}
const loopbackV4 = new BlockList();
loopbackV4.addSubnet('127.0.0.0', 8, 'ipv4');

const privateV6 = new BlockList();
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  privateV6.addSubnet(net, prefix, 'ipv6');
}

const loopbackV6 = new BlockList();
loopbackV6.addAddress('::1', 'ipv6');

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d or ::ffff:7f00:1), if any. */
function mappedV4(address: string): string | null {
  const match = /^(?:0{0,4}:){0,5}:?ffff:(.+)$/i.exec(address);
  if (!match) return null;
  const tail = match[1];
  if (isIP(tail) === 4) return tail;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(tail);
  if (!hex) return null;
  const high = parseInt(hex[1], 16);
  const low = parseInt(hex[2], 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/**
 * Why the service must not connect to an address, or null when it may: every non-public range;
 * with `allowLoopback` (tests, local development) the loopback ranges are let through.
 */
export function addressProblem(address: string, allowLoopback: boolean): string | null {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  const v4 = family === 4 ? address : mappedV4(address);
  if (v4) {
    if (allowLoopback && loopbackV4.check(v4, 'ipv4')) return null;
    return privateV4.check(v4, 'ipv4') ? `${address} is a private, loopback or reserved address` : null;
  }
  if (allowLoopback && loopbackV6.check(address, 'ipv6')) return null;
  return privateV6.check(address, 'ipv6') ? `${address} is a private, loopback or reserved address` : null;
}

/** The address in a URL's hostname when it is an IP literal (`[::1]` without brackets), else null. */
export function ipLiteralOf(hostname: string): string | null {
  const literal = hostname.replace(/^\[|\]$/g, '');
  return isIP(literal) ? literal : null;
}

/**
 * The address a host (as typed: `10.0.0.1`, `[::1]`, `::1`, or a legacy IPv4 spelling such as
 * `2130706433`, `0x7f000001`, `0177.0.0.1` or `127.1`) stands for, or null for a name. The legacy
 * spellings are read as browsers and getaddrinfo read them (the WHATWG URL host parser), so a check
 * cannot be steered past the address rule by writing 127.0.0.1 another way.
 */
export function literalAddressOf(host: string): string | null {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return bare;
  if (!/^[0-9a-fA-FxX.]+$/.test(bare)) return null;
  try {
    return ipLiteralOf(new URL(`http://${bare}/`).hostname);
  } catch {
    return null;
  }
}

/**
 * Why a target host may not be reached, or null: its literal address (any spelling) is not public.
 * A name is judged when it is resolved (checkedLookup, or the probes' resolveHost).
 */
export function hostProblem(host: string): string | null {
  const literal = literalAddressOf(host);
  return literal ? addressProblem(literal, false) : null;
}

/** The message of a name that resolves to a refused address; the address itself is not named. */
export const resolvesPrivately = (hostname: string) =>
  `${hostname} resolves to a private, loopback or reserved address`;

/**
 * A connection's name lookup that resolves every address of the host and refuses the host when any
 * one of them is not public (a name that also resolves privately could be answered either way next
 * time). `refusal` turns `<host> resolves to a private ... address` or `<host> has no address` into
 * the error the caller reports.
 */
export function checkedLookup(allowLoopback: boolean, refusal: (message: string) => Error): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    dnsLookup(hostname, { all: true, family: lookupOptions.family ?? 0 }, (error, addresses: LookupAddress[]) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      if (addresses.some(({ address }) => addressProblem(address, allowLoopback))) {
        callback(refusal(resolvesPrivately(hostname)), '', 0);
        return;
      }
      if (addresses.length === 0) {
        callback(refusal(`${hostname} has no address`), '', 0);
        return;
      }
      if (lookupOptions.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
