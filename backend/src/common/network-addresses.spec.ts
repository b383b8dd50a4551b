import { addressProblem, hostProblem, ipLiteralOf, literalAddressOf } from './network-addresses';

describe('addressProblem', () => {
  it.each([
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '127.0.0.1',
    '127.8.9.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a00:1',
    '64:ff9b::a00:1',
    '100.127.255.254',
    '239.255.255.250',
    'ff02::1',
    'fd00:ec2::254',
    '::ffff:169.254.169.254',
  ])('refuses %s', (address) => {
    expect(addressProblem(address, false)).toMatch(/private, loopback or reserved/);
  });

  it.each(['93.184.215.14', '1.1.1.1', '2606:4700:4700::1111'])('accepts the public address %s', (address) => {
    expect(addressProblem(address, false)).toBeNull();
  });

  it('lets loopback through only when allowed, and nothing else private', () => {
    expect(addressProblem('127.0.0.1', true)).toBeNull();
    expect(addressProblem('::1', true)).toBeNull();
    expect(addressProblem('::ffff:127.0.0.1', true)).toBeNull();
    expect(addressProblem('10.0.0.1', true)).not.toBeNull();
    expect(addressProblem('169.254.169.254', true)).not.toBeNull();
  });
});

describe('ipLiteralOf', () => {
  it('finds the address in a URL hostname, brackets removed', () => {
    expect(ipLiteralOf('127.0.0.1')).toBe('127.0.0.1');
    expect(ipLiteralOf('[::1]')).toBe('::1');
    expect(ipLiteralOf('[::ffff:7f00:1]')).toBe('::ffff:7f00:1');
  });

  it('is null for names', () => {
    expect(ipLiteralOf('localhost')).toBeNull();
    expect(ipLiteralOf('hooks.slack.com')).toBeNull();
  });
});

describe('literalAddressOf', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['0X7F.0.0.1', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['017700000001', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['0', '0.0.0.0'],
    ['[::1]', '::1'],
    ['::', '::'],
    ['[::ffff:127.0.0.1]', '::ffff:127.0.0.1'],
    ['2852039166', '169.254.169.254'],
  ])('reads %s as %s', (host, address) => {
    expect(literalAddressOf(host)).toBe(address);
  });

  it('is null for names, even names made of hex letters', () => {
    expect(literalAddressOf('localhost')).toBeNull();
    expect(literalAddressOf('example.com')).toBeNull();
    expect(literalAddressOf('cafe.beef')).toBeNull();
    expect(literalAddressOf('4294967296')).toBeNull();
  });
});

describe('hostProblem', () => {
  it.each(['2130706433', '0x7f000001', '0177.0.0.1', '127.1', '0.0.0.0', '[::]', '[::ffff:7f00:1]', '100.64.0.1'])(
    'refuses %s',
    (host) => {
      expect(hostProblem(host)).toMatch(/private, loopback or reserved/);
    },
  );

  it('leaves names and public addresses to the lookup', () => {
    expect(hostProblem('localhost')).toBeNull();
    expect(hostProblem('1.1.1.1')).toBeNull();
    expect(hostProblem('[2606:4700:4700::1111]')).toBeNull();
  });
});
