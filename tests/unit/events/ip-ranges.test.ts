import { describe, expect, it } from 'vitest';
import { embeddedIpv4, isAllowedAddress, isPublicAddress, parseDenyList } from '@/lib/events/ip-ranges';

/** Each range with an address inside it and, where it helps, the nearest public neighbours outside it. */
describe('production refuses every non-public range (issue 16 item 6)', () => {
  it.each([
    ['unspecified, "this network"', ['0.0.0.0', '0.1.2.3', '::']],
    ['private', ['10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.255', '192.168.1.1']],
    ['CGNAT', ['100.64.0.1', '100.127.255.254']],
    ['loopback', ['127.0.0.1', '127.8.9.10', '::1', '[::1]']],
    ['link-local', ['169.254.0.1', '169.254.169.254', 'fe80::1', 'fe80::1%eth0', 'febf::1']],
    [
      'IETF assignments, documentation, benchmarking',
      ['192.0.0.8', '192.0.2.5', '198.18.0.1', '198.19.255.255', '198.51.100.1', '203.0.113.9'],
    ],
    ['6to4 relay anycast 192.88.99.0/24', ['192.88.99.1', '192.88.99.255']],
    ['multicast, reserved, broadcast', ['224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255', 'ff02::1']],
    ['unique-local', ['fc00::1', 'fd12:3456::1']],
    [
      'IPv4-mapped ::ffff:0:0/96 carrying a non-public IPv4',
      [
        '::ffff:127.0.0.1',
        '::ffff:10.0.0.1',
        '::ffff:a00:1',
        '::ffff:7f00:1',
        '0:0:0:0:0:ffff:192.168.0.1',
        '::ffff:169.254.169.254',
        '::ffff:192.88.99.1',
      ],
    ],
    [
      'IPv4-compatible and IPv4-translated, deprecated, whatever they carry',
      ['::127.0.0.1', '::a00:1', '::ffff:0:7f00:1', '::ffff:0:10.1.2.3', '::8.8.8.8', '::ffff:0:808:808'],
    ],
    [
      'Teredo 2001::/32 and the rest of 2001::/23',
      ['2001::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001:2::1', '2001:1ff::1'],
    ],
    [
      '6to4 2002::/16 carrying a non-public IPv4',
      ['2002:a9fe:a9fe::1', '2002:c0a8:101::', '2002:7f00:1::', '2002:a00:1::1'],
    ],
    [
      'NAT64 64:ff9b::/96 carrying a non-public IPv4, local-use NAT64',
      ['64:ff9b::a00:1', '64:ff9b::169.254.169.254', '64:ff9b::7f00:1', '64:ff9b:1::808:808'],
    ],
    ['documentation IPv6', ['2001:db8::1', '3fff::1', '3fff:fff::1']],
    ['outside IPv6 global unicast 2000::/3', ['100::1', '400::1', '1fff:ffff::1', '4000::1', '5f00::1', 'e000::1']],
    [
      'cloud metadata and host endpoints',
      ['168.63.129.16', '100.100.100.200', '192.0.0.192', 'fd00:ec2::254', 'fd20:ce::254'],
    ],
    ['not an IP at all', ['not an ip', '', 'example.com', '1.2.3']],
  ])('%s', (_range, addresses) => {
    for (const address of addresses) {
      expect(isPublicAddress(address), address).toBe(false);
      expect(isAllowedAddress(address, true), address).toBe(false);
    }
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '1.1.1.1',
    '100.63.255.255',
    '100.128.0.1',
    '172.32.0.1',
    '192.88.98.255',
    '192.88.100.0',
    '198.20.0.1',
    '168.63.129.15',
    '168.63.129.17',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '2001:200::1',
    '2003::1',
    '3ffe::1',
    '::ffff:8.8.8.8',
    '[2606:4700::1]',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
    expect(isAllowedAddress(address, true)).toBe(true);
  });
});

describe('refused in every mode, the sandbox included', () => {
  it.each([
    '169.254.169.254',
    '169.254.170.2',
    '169.254.0.1',
    'fe80::1',
    'fe80::a9fe:a9fe',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a9fe:a9fe',
    '2002:a9fe:a9fe::',
    '168.63.129.16',
    '::ffff:168.63.129.16',
    '100.100.100.200',
    '192.0.0.192',
    'fd00:ec2::254',
    'fd00:ec2::23',
    'fd20:ce::254',
  ])('%s', (address) => expect(isAllowedAddress(address, false)).toBe(false));

  it('the sandbox still reaches local receivers', () => {
    for (const address of [
      '127.0.0.1',
      '::1',
      '10.0.0.5',
      '192.168.1.20',
      'fd12::1',
      '::ffff:127.0.0.1',
      '93.184.216.34',
    ])
      expect(isAllowedAddress(address, false), address).toBe(true);
  });
});

describe('WEBHOOK_DENY_CIDRS', () => {
  it('refuses its addresses and ranges in both modes, IPv4 ones in their IPv6 forms too', () => {
    const deny = parseDenyList('93.184.216.0/24, 2606:4700::/32  127.0.0.2');
    for (const production of [true, false]) {
      for (const address of [
        '93.184.216.34',
        '::ffff:93.184.216.34',
        '64:ff9b::5db8:d822',
        '2002:5db8:d822::1',
        '2606:4700:4700::1111',
      ]) {
        expect(isAllowedAddress(address, production, deny), address).toBe(false);
      }
      expect(isAllowedAddress('93.184.217.1', production, deny)).toBe(true);
    }
    expect(isAllowedAddress('127.0.0.2', false, deny)).toBe(false);
    expect(isAllowedAddress('127.0.0.3', false, deny)).toBe(true);
    // An IPv6 range covers the IPv6 form even when it carries an IPv4 (here a 6to4 prefix the operator refuses).
    expect(isAllowedAddress('2002:808:808::1', true, parseDenyList('2002::/16'))).toBe(false);
  });

  it('is empty when unset and refuses what is not an address or CIDR', () => {
    expect(parseDenyList(undefined)).toBeNull();
    expect(parseDenyList(' , ')).toBeNull();
    for (const bad of ['example.com', '10.0.0.0/33', '::/129', '10.0.0.0/8/2', '10.0.0.0/x', '10.0.0/8'])
      expect(() => parseDenyList(bad), bad).toThrow(/WEBHOOK_DENY_CIDRS/);
  });
});

describe('embeddedIpv4', () => {
  it('decodes each form that carries an IPv4 address, and nothing else', () => {
    expect(embeddedIpv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIpv4('::FFFF:192.168.0.1')).toBe('192.168.0.1');
    expect(embeddedIpv4('::ffff:0:a00:1')).toBe('10.0.0.1');
    expect(embeddedIpv4('::a9fe:a9fe')).toBe('169.254.169.254');
    expect(embeddedIpv4('64:ff9b::808:808')).toBe('8.8.8.8');
    expect(embeddedIpv4('2002:c0a8:101::1')).toBe('192.168.1.1');
    for (const none of ['::', '::1', '2001:4860::8888', 'fe80::1', '64:ff9b:1::a00:1'])
      expect(embeddedIpv4(none), none).toBeNull();
  });
});
