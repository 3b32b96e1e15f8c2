import { describe, expect, it } from 'vitest';
import { orderedId } from './ordered-id.js';

const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);

describe('orderedId', () => {
  it('is a version 7 UUID whose first 48 bits are the time', () => {
    const id = orderedId(T0 + 1);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(T0 + 1);
  });

  it('sorts as text in the order of making, within a frozen millisecond too', () => {
    const ids = Array.from({ length: 5000 }, () => orderedId(T0 + 2));
    expect(ids.toSorted()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    const later = orderedId(T0 + 60_000);
    expect(later > (ids.at(-1) ?? '')).toBe(true);
  });
});
