import { describe, expect, it } from 'vitest';
import { roundToHalf } from './round-half';

describe('roundToHalf', () => {
  it.each([
    [3.74, 3.5],
    [3.75, 4],
    [3.25, 3.5],
    [3.24, 3],
    [3, 3],
    [3.5, 3.5],
    [4.9, 5],
    [0.2, 0],
    [0.25, 0.5],
    [-1.3, -1.5],
    [-1.2, -1],
    [-1.75, -1.5],
    [-1.76, -2],
  ])('rounds %d to %d', (value, expected) => {
    expect(roundToHalf(value)).toBe(expected);
  });

  it('rounds ties towards +Infinity for negative numbers (-1.25 → -1)', () => {
    expect(roundToHalf(-1.25)).toBe(-1);
  });

  it('returns 0, not -0, for small negative numbers', () => {
    expect(Object.is(roundToHalf(-0.2), 0)).toBe(true);
  });

  it('passes NaN and infinities through', () => {
    expect(roundToHalf(Number.NaN)).toBeNaN();
    expect(roundToHalf(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
    expect(roundToHalf(Number.NEGATIVE_INFINITY)).toBe(Number.NEGATIVE_INFINITY);
  });
});
