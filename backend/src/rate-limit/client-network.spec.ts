import { clientNetworkOf } from './client-network';

describe(clientNetworkOf.name, () => {
  it('keeps an IPv4 address whole', () => {
    expect(clientNetworkOf('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv4 address mapped into IPv6 as that IPv4 address, dotted or in hex', () => {
    expect(clientNetworkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetworkOf('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(clientNetworkOf('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetworkOf('::ffff:127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts an IPv6 address by its /64, however the address is written', () => {
    const network = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:DB8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002:0000:0000:0000:0009',
      '2001:db8:1:2:a:b:192.0.2.1',
      ' 2001:db8:1:2::7 ',
    ]) {
      expect(clientNetworkOf(address)).toBe(network);
    }
    expect(clientNetworkOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientNetworkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });

  it('handles the short forms and zone ids of IPv6', () => {
    expect(clientNetworkOf('::1')).toBe('0:0:0:0::/64');
    expect(clientNetworkOf('::')).toBe('0:0:0:0::/64');
    expect(clientNetworkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetworkOf('1:2:3:4::')).toBe('1:2:3:4::/64');
    // IPv4-compatible (deprecated) and NAT64 addresses are IPv6 addresses, not IPv4 clients.
    expect(clientNetworkOf('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('counts what is not an address as written, lowercased', () => {
    expect(clientNetworkOf('Unknown')).toBe('unknown');
  });
});
