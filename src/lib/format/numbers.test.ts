import { describe, expect, it, vi } from 'vitest';
import { formatNumber, type NumberStyle } from './numbers';

const NBSP = '\u00a0';

describe('formatNumber', () => {
  it('groups thousands with non-breaking spaces and uses a decimal comma', () => {
    expect(formatNumber(1234567.5)).toBe(`1${NBSP}234${NBSP}567,5`);
  });

  it('formats as decimal when no style is given', () => {
    expect(formatNumber(1234.5)).toBe(formatNumber(1234.5, 'decimal'));
    expect(formatNumber(1234.5)).toBe(new Intl.NumberFormat('ru-RU').format(1234.5));
  });

  it('keeps the minus sign and grouping for negative numbers', () => {
    expect(formatNumber(-1234.5)).toBe(`-1${NBSP}234,5`);
  });

  it('writes percent from a fraction: 0.5 → "50 %"', () => {
    expect(formatNumber(0.5, 'percent')).toBe(`50${NBSP}%`);
  });

  it('writes dollars with two decimals and the sign after the number', () => {
    expect(formatNumber(1234.5, 'USD')).toBe(`1${NBSP}234,50${NBSP}$`);
  });

  it('writes roubles with the rouble sign', () => {
    expect(formatNumber(1234.5, 'RUB')).toBe(`1${NBSP}234,50${NBSP}₽`);
  });

  it.each<[NumberStyle, number, Intl.NumberFormatOptions]>([
    ['decimal', 1234567.891, {}],
    ['USD', 99.999, { style: 'currency', currency: 'USD' }],
    ['RUB', 1e6, { style: 'currency', currency: 'RUB' }],
    ['UZS', 125000, { style: 'currency', currency: 'UZS' }],
    ['kilogram', 2.5, { style: 'unit', unit: 'kilogram' }],
    ['meter', 1500, { style: 'unit', unit: 'meter' }],
    ['percent', 0.125, { style: 'percent' }],
  ])('formats the %s style exactly as Intl does for ru-RU', (style, value, options) => {
    expect(formatNumber(value, style)).toBe(new Intl.NumberFormat('ru-RU', options).format(value));
  });

  it('writes the unit name for kilograms and metres', () => {
    expect(formatNumber(2.5, 'kilogram')).toMatch(/^2,5\s?кг$/);
    expect(formatNumber(1500, 'meter')).toMatch(new RegExp(`^1${NBSP}500\\s?м$`));
  });

  it('writes the currency for sums', () => {
    expect(formatNumber(125000, 'UZS')).toContain(`125${NBSP}000`);
    expect(formatNumber(125000, 'UZS')).not.toBe(formatNumber(125000, 'decimal'));
  });

  it('builds one Intl.NumberFormat per style and reuses it', async () => {
    vi.resetModules();
    const fresh = await import('./numbers');
    const Real = Intl.NumberFormat;
    let built = 0;
    class Counting extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        built += 1;
      }
    }
    Intl.NumberFormat = Counting as unknown as typeof Intl.NumberFormat;
    try {
      fresh.formatNumber(1, 'meter');
      fresh.formatNumber(2, 'meter');
      fresh.formatNumber(3, 'meter');
      expect(built).toBe(1);
      fresh.formatNumber(0.1, 'percent');
      expect(built).toBe(2);
    } finally {
      Intl.NumberFormat = Real;
    }
    expect(fresh.formatNumber(4, 'meter')).toBe(formatNumber(4, 'meter'));
  });
});
