import { describe, expect, it } from 'vitest';
import { spokenSeconds } from './qr-step';

describe("the QR step's countdown for a screen reader", () => {
  it('changes its text only at 30 s and at 10 s, not every second', () => {
    const texts = Array.from({ length: 61 }, (_, i) => spokenSeconds(60 - i));
    const changes = texts.filter((text, i) => i > 0 && text !== texts[i - 1]);
    expect(changes).toEqual([30, 10, undefined]);
    expect(spokenSeconds(45)).toBeUndefined();
    expect(spokenSeconds(12)).toBe(30);
  });
});
