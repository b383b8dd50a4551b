import { clientIpv4, ipInRanges, parseCidr, parseIpv4 } from './ipv4-cidr';

describe('ipv4-cidr', () => {
  it('parses dotted quads and refuses anything else', () => {
    expect(parseIpv4('10.1.2.3')).toBe(0x0a010203);
    expect(parseIpv4('255.255.255.255')).toBe(0xffffffff);
    for (const bad of ['256.0.0.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', ' 1.2.3.4', 'a.b.c.d', '', '::1']) {
      expect(parseIpv4(bad)).toBeNull();
    }
  });

  it('reads IPv4-mapped IPv6 addresses as the IPv4 address they carry, and refuses other IPv6', () => {
    expect(clientIpv4('::ffff:192.168.1.9')).toBe(parseIpv4('192.168.1.9'));
    expect(clientIpv4('::FFFF:10.0.0.1')).toBe(parseIpv4('10.0.0.1'));
    expect(clientIpv4('0:0:0:0:0:ffff:10.0.0.1')).toBe(parseIpv4('10.0.0.1'));
    expect(clientIpv4('::1')).toBeNull();
    expect(clientIpv4('2001:db8::1')).toBeNull();
    expect(clientIpv4('::ffff:1:2')).toBeNull();
  });

  it('parses CIDRs, a bare address being a /32, and ignores host bits', () => {
    expect(parseCidr('10.0.0.0/8')).toEqual({ network: 0x0a000000, mask: 0xff000000 });
    expect(parseCidr('10.9.9.9/8')).toEqual({ network: 0x0a000000, mask: 0xff000000 });
    expect(parseCidr('1.2.3.4')).toEqual({ network: 0x01020304, mask: 0xffffffff });
    expect(parseCidr('0.0.0.0/0')).toEqual({ network: 0, mask: 0 });
    for (const bad of ['10.0.0.0/33', '10.0.0.0/', '10.0.0.0/8/8', '10.0.0/8', '10.0.0.0/-1']) {
      expect(parseCidr(bad)).toBeNull();
    }
  });

  it('matches addresses inside the ranges only, at the range edges too', () => {
    const ranges = ['192.168.1.0/24', '10.0.0.0/8', 'junk'];
    expect(ipInRanges('192.168.1.0', ranges)).toBe(true);
    expect(ipInRanges('192.168.1.255', ranges)).toBe(true);
    expect(ipInRanges('192.168.2.0', ranges)).toBe(false);
    expect(ipInRanges('192.168.0.255', ranges)).toBe(false);
    expect(ipInRanges('10.255.255.255', ranges)).toBe(true);
    expect(ipInRanges('11.0.0.0', ranges)).toBe(false);
    expect(ipInRanges('::ffff:10.1.1.1', ranges)).toBe(true);
    expect(ipInRanges('::1', ['0.0.0.0/0'])).toBe(false);
    expect(ipInRanges('203.0.113.7', ['0.0.0.0/0'])).toBe(true);
    expect(ipInRanges('203.0.113.7', ['203.0.113.7/32'])).toBe(true);
    expect(ipInRanges('203.0.113.8', ['203.0.113.7/32'])).toBe(false);
    expect(ipInRanges('203.0.113.7', [])).toBe(false);
  });
});
