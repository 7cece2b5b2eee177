import { describe, expect, it } from '@jest/globals';
import { networkOf, rateLimitKeyOf } from '../../src/shared/client-address.js';

describe('rateLimitKeyOf (docs/api.md#limits: IPv4 address, or the /64 of an IPv6 address)', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:203.0.113.7', '203.0.113.7'],
    ['2001:db8:a:b:c:d:e:f', '2001:db8:a:b::/64'],
    ['2001:0db8:000a:000b::1', '2001:db8:a:b::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['1:2::3:4:5:1.2.3.4', '1:2:0:3::/64'],
    ['unknown', 'unknown'],
    ['0203.0.113.7', '131.0.113.7'],
    ['0x7f.0.0.1', '127.0.0.1'],
    ['::ffff:0203.0.113.7', '203.0.113.7'],
    ['256.1.1.1', '256.1.1.1'],
  ])('groups %s as %s', (ip, key) => {
    expect(rateLimitKeyOf(ip)).toBe(key);
  });

  it('gives an address the same key when asked again, right after or after another address', () => {
    const addresses = ['203.0.113.7', '2001:db8:a:b::1', '0x7f.0.0.1', '::ffff:203.0.113.7'];
    const first = addresses.map(rateLimitKeyOf);
    expect(addresses.flatMap((ip) => [rateLimitKeyOf(ip), rateLimitKeyOf(ip)])).toEqual(
      first.flatMap((key) => [key, key]),
    );
    expect(first).toEqual(['203.0.113.7', '2001:db8:a:b::/64', '127.0.0.1', '203.0.113.7']);
  });

  it('puts two addresses of one /64 under one key and a neighbouring /64 under another', () => {
    expect(rateLimitKeyOf('2001:db8:1:2::a')).toBe(rateLimitKeyOf('2001:db8:1:2:ffff::b'));
    expect(rateLimitKeyOf('2001:db8:1:2::a')).not.toBe(rateLimitKeyOf('2001:db8:1:3::a'));
  });
});

describe('networkOf (docs/api.md#newsletter-signup-double-opt-in: IPv4 /24, IPv6 /48)', () => {
  it.each([
    ['203.0.113.7', '203.0.113.0/24'],
    ['::ffff:203.0.113.7', '203.0.113.0/24'],
    ['2001:db8:a:b::1', '2001:db8:a::/48'],
    ['1:2::3:4:5:1.2.3.4', '1:2:0::/48'],
    ['fe80::1%eth0', 'fe80:0:0::/48'],
  ])('records %s as %s', (ip, network) => {
    expect(networkOf(ip)).toBe(network);
  });
});
