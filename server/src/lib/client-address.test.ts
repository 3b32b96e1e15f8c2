import { describe, expect, it } from 'vitest';
import { clientAddressResolver, normalizeAddress, parseRange } from './client-address.js';

describe('normalizeAddress', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    [' 203.0.113.7 ', '203.0.113.7'],
    ['203.0.113.7:51234', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:DB8::1', '2001:db8::1'],
    ['[2001:db8::1]', '2001:db8::1'],
    ['[2001:db8::1]:443', '2001:db8::1'],
  ])('reads %j as %j', (raw, expected) => {
    expect(normalizeAddress(raw)).toBe(expected);
  });

  it.each(['', 'unknown', 'evil.example', '203.0.113', '203.0.113.7.8', '1.2.3.4, 5.6.7.8', '<script>'])(
    'refuses %j',
    (raw) => {
      expect(normalizeAddress(raw)).toBeNull();
    },
  );
});

describe('parseRange', () => {
  it('reads an address, an IPv4 and an IPv6 range', () => {
    expect(parseRange('10.0.0.1')).toEqual({ address: '10.0.0.1', prefix: 32, family: 'ipv4' });
    expect(parseRange('10.0.0.0/8')).toEqual({ address: '10.0.0.0', prefix: 8, family: 'ipv4' });
    expect(parseRange(' fd00::/8 ')).toEqual({ address: 'fd00::', prefix: 8, family: 'ipv6' });
    expect(parseRange('::1')).toEqual({ address: '::1', prefix: 128, family: 'ipv6' });
  });

  it.each(['true', '10.0.0.0/33', '::/129', '10.0.0.0/', '10.0.0.0/8/8', '10.0.0.0/-1', 'proxy.internal', '[::1]', ''])(
    'refuses %j',
    (raw) => {
      expect(parseRange(raw)).toBeNull();
    },
  );
});

describe('the client address', () => {
  const PROXY = '10.0.0.2';

  it('is the socket peer without TRUST_PROXY, whatever X-Forwarded-For says', () => {
    const resolve = clientAddressResolver({ kind: 'none' });
    expect(resolve('198.51.100.4', '203.0.113.7')).toBe('198.51.100.4');
    expect(resolve('::ffff:198.51.100.4', undefined)).toBe('198.51.100.4');
    expect(resolve(undefined, '203.0.113.7')).toBe('unknown');
  });

  describe('behind one proxy (TRUST_PROXY=1)', () => {
    const resolve = clientAddressResolver({ kind: 'hops', hops: 1 });

    it('is the entry the proxy appended, not the leftmost one the client wrote', () => {
      expect(resolve(PROXY, '203.0.113.7')).toBe('203.0.113.7');
      expect(resolve(PROXY, '1.1.1.1, 203.0.113.7')).toBe('203.0.113.7');
      expect(resolve(PROXY, '9.9.9.9, 8.8.8.8,1.1.1.1 , 203.0.113.7')).toBe('203.0.113.7');
    });

    it('stays the same however the client rotates what it writes', () => {
      const seen = new Set(Array.from({ length: 50 }, (_, i) => resolve(PROXY, `192.0.2.${i}, 203.0.113.7`)));
      expect([...seen]).toEqual(['203.0.113.7']);
    });

    it('is the proxy itself when the proxy sent no header (a misconfigured proxy shares one key, it does not open many)', () => {
      expect(resolve(PROXY, undefined)).toBe(PROXY);
      expect(resolve(PROXY, '')).toBe(PROXY);
    });

    it('never is a string the client chose: junk in the trusted position falls back to the proxy', () => {
      expect(resolve(PROXY, '203.0.113.7, not-an-address')).toBe(PROXY);
      expect(resolve(PROXY, `${'x'.repeat(500)}`)).toBe(PROXY);
    });

    it('drops a port and the IPv4-mapped form, so one client is one key', () => {
      expect(resolve(PROXY, '203.0.113.7:4431')).toBe('203.0.113.7');
      expect(resolve(`::ffff:${PROXY}`, '::ffff:203.0.113.7')).toBe('203.0.113.7');
      expect(resolve(PROXY, '[2001:db8::7]:443')).toBe('2001:db8::7');
    });

    it('reads the header alone for an in-process request, which has no socket', () => {
      expect(resolve(undefined, '1.1.1.1, 203.0.113.7')).toBe('203.0.113.7');
      expect(resolve(undefined, undefined)).toBe('unknown');
    });
  });

  describe('behind two proxies (TRUST_PROXY=2)', () => {
    const resolve = clientAddressResolver({ kind: 'hops', hops: 2 });

    it('skips the entry the outer proxy appended for the inner one', () => {
      expect(resolve(PROXY, '6.6.6.6, 203.0.113.7, 10.0.0.9')).toBe('203.0.113.7');
    });

    it('takes the leftmost entry when the request came through fewer proxies', () => {
      expect(resolve(PROXY, '203.0.113.7')).toBe('203.0.113.7');
    });
  });

  describe('behind proxies named by address (TRUST_PROXY=10.0.0.0/8,2001:db8:ffff::/48)', () => {
    const resolve = clientAddressResolver({ kind: 'ranges', ranges: ['10.0.0.0/8', '2001:db8:ffff::/48'] });

    it('is the rightmost entry that is not one of our proxies', () => {
      expect(resolve(PROXY, '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
      expect(resolve(PROXY, '6.6.6.6, 203.0.113.7, 10.1.2.3, 10.200.0.1')).toBe('203.0.113.7');
      expect(resolve('2001:db8:ffff::1', '2001:db8::7')).toBe('2001:db8::7');
    });

    it('is the peer when the peer is not a proxy of ours: a direct client cannot claim any address', () => {
      expect(resolve('198.51.100.4', '203.0.113.7')).toBe('198.51.100.4');
    });

    it('falls back to the last proxy when the entry left of it is junk', () => {
      expect(resolve(PROXY, '203.0.113.7, bogus')).toBe(PROXY);
    });

    it('is the leftmost entry when every hop is a proxy of ours', () => {
      expect(resolve(PROXY, '10.9.9.9, 10.0.0.5')).toBe('10.9.9.9');
    });
  });
});
