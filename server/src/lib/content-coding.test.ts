import { describe, expect, it } from 'vitest';
import { chooseCoding, type Coding } from './content-coding.js';

const ALL: Coding[] = ['br', 'gzip', 'identity'];

describe('chooseCoding (RFC 9110 §12.5.3)', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['deflate', 'identity'],
    ['', 'identity'],
    ['*', 'br'],
  ] as const)('answers "%s" with %s', (header, expected) => {
    expect(chooseCoding(header, ALL)).toBe(expected);
  });

  it('sends identity to a client that sends no Accept-Encoding at all', () => {
    expect(chooseCoding(undefined, ALL)).toBe('identity');
  });

  it('never chooses a coding the client refused with q=0', () => {
    expect(chooseCoding('br;q=0, gzip', ALL)).toBe('gzip');
    expect(chooseCoding('gzip, br;q=0.000', ALL)).toBe('gzip');
    expect(chooseCoding('*;q=0, identity', ALL)).toBe('identity');
    expect(chooseCoding('br;q=0, gzip;q=0', ALL)).toBe('identity');
    expect(chooseCoding('*, br;q=0', ALL)).toBe('gzip');
  });

  it('follows the client’s weights, and Kirish’s order (br, gzip, identity) on a tie', () => {
    expect(chooseCoding('br;q=0.5, gzip;q=0.8', ALL)).toBe('gzip');
    expect(chooseCoding('gzip;q=0.8, br;q=0.8', ALL)).toBe('br');
    expect(chooseCoding('identity, gzip;q=0.5', ALL)).toBe('identity');
  });

  it('chooses only among the codings the resource is available in', () => {
    expect(chooseCoding('br, gzip', ['gzip', 'identity'])).toBe('gzip');
    expect(chooseCoding('br', ['identity'])).toBe('identity');
  });

  it('answers plainly when even identity is refused and nothing else is on offer', () => {
    expect(chooseCoding('identity;q=0', ['identity'])).toBe('identity');
    expect(chooseCoding('identity;q=0', ALL)).toBe('identity');
    expect(chooseCoding('identity;q=0, gzip', ALL)).toBe('gzip');
  });

  it('reads a malformed weight as 1 rather than refusing the coding', () => {
    expect(chooseCoding('br;q=2', ALL)).toBe('br');
    expect(chooseCoding('gzip; q = 0', ALL)).toBe('identity');
  });
});
