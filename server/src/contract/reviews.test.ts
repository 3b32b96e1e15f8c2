/** The reviews' shared rules (contract/reviews.ts, docs/reviews.md): halves, rounding, kind by extension, the taxpayer number. */
import { describe, expect, it } from 'vitest';
import { attachmentKind, ratingHalves, roundToHalf, taxpayerNumber } from './reviews.js';

describe('the reviews rules', () => {
  it('takes ratings from 1 to 5 in halves, as whole halves', () => {
    expect([1, 1.5, 4.5, 5].map(ratingHalves)).toEqual([2, 3, 9, 10]);
    expect([0, 0.5, 5.5, 4.3, Number.NaN, '4', null].map(ratingHalves)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('rounds to the nearest half', () => {
    expect([4.24, 4.25, 4.74, 4.75, 25 / 6].map(roundToHalf)).toEqual([4, 4.5, 4.5, 5, 4]);
  });

  it('tells an image, a video and anything else by the extension, whatever its case and query', () => {
    expect(['a/b.JPG', 'x.webp?v=2', 'clip.mkv', 'doc.pdf', 'noextension', 'a.b/c'].map(attachmentKind)).toEqual([
      'image',
      'image',
      'video',
      'unknown',
      'unknown',
      'unknown',
    ]);
  });

  it('takes a taxpayer number of 9 digits starting 2 to 7, spaces and dashes dropped', () => {
    expect(['301 234 567', '201-234-567', '712345678'].map(taxpayerNumber)).toEqual([
      '301234567',
      '201234567',
      '712345678',
    ]);
    expect(['12345678', '1012345678', '101234567', '801234567', '30123456a', ''].map(taxpayerNumber)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
