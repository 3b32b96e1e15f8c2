import { describe, expect, it } from 'vitest';
import { starFills } from './stars';

describe('stars in halves', () => {
  it('draws 4.5 as four full stars and a half', () => {
    expect(starFills(4.5)).toEqual(['full', 'full', 'full', 'full', 'half']);
  });
  it('draws 1 and 5 at the ends', () => {
    expect(starFills(1)).toEqual(['full', 'empty', 'empty', 'empty', 'empty']);
    expect(starFills(5)).toEqual(['full', 'full', 'full', 'full', 'full']);
  });
});
