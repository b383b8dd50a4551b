// The `uri` forms of TCP, DNS and ICMP monitors (SPEC 2.1), checked at plan time with the same rules
// the service applies (backend/src/monitors/monitor.schemas.ts), so a bad target never reaches the API.
import { isIP } from 'node:net';
import { describePath } from '../framework/validators';
import type { Validator } from '../framework/types';

const HOSTNAME =
  /^(?=.{1,253}\.?$)(?:[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?\.?$/;

export function isHostname(value: string): boolean {
  return HOSTNAME.test(value);
}

export function isHost(value: string): boolean {
  return isIP(value) !== 0 || isHostname(value);
}

/** `host:port`: a host name, IPv4 address or bracketed IPv6 address, and a port from 1 to 65535. */
export function isHostPort(value: string): boolean {
  const match = /^(\[[^\]]+\]|[^:\s]+):(\d{1,5})$/.exec(value);
  if (!match?.[1] || !match[2]) return false;
  const bracketed = match[1].startsWith('[');
  const host = bracketed ? match[1].slice(1, -1) : match[1];
  const port = Number(match[2]);
  return (bracketed ? isIP(host) === 6 : isHost(host)) && port >= 1 && port <= 65535;
}

function form(test: (value: string) => boolean, what: string): Validator {
  return (value, path, diags) => {
    if (typeof value !== 'string' || test(value)) return;
    diags.error(`Invalid ${describePath(path)}`, `${describePath(path)} must be ${what}; got "${value}".`, path);
  };
}

export const hostPort = form(isHostPort, 'host:port with a port from 1 to 65535 (e.g. "db.example.com:5432")');
export const domainName = form(isHostname, 'a domain name (e.g. "example.com")');
export const hostWithoutPort = form(
  isHost,
  'a host name or IP address without a port (e.g. "example.com" or "192.0.2.1")',
);
/** A TLS server name (SNI): a host name, or empty for the uri's own host. */
export const serverName = form((v) => v === '' || isHostname(v), 'a host name (e.g. "mail.example.com")');
