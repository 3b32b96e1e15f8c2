/** Number display in the ru-RU convention shared by every locale of the site. */

/** A plain number, a currency, a unit, or a percentage (a fraction: 0.5 is 50 %). */
export type NumberStyle = 'decimal' | 'USD' | 'RUB' | 'UZS' | 'kilogram' | 'meter' | 'percent';

const OPTIONS: Record<NumberStyle, Intl.NumberFormatOptions> = {
  decimal: { style: 'decimal' },
  USD: { style: 'currency', currency: 'USD' },
  RUB: { style: 'currency', currency: 'RUB' },
  UZS: { style: 'currency', currency: 'UZS' },
  kilogram: { style: 'unit', unit: 'kilogram' },
  meter: { style: 'unit', unit: 'meter' },
  percent: { style: 'percent' },
};

const formatters = new Map<NumberStyle, Intl.NumberFormat>();

/**
 * The number rule of docs/product.md §9: the ru-RU format, with unit and currency styles for USD, RUB, kilogram, meter
 * and percent: 1234567.5 → "1 234 567,5" (non-breaking spaces, as Intl writes them). One Intl.NumberFormat is
 * built per style and reused, since constructing them is the expensive part.
 */
export function formatNumber(value: number, style: NumberStyle = 'decimal'): string {
  let formatter = formatters.get(style);
  if (!formatter) {
    formatter = new Intl.NumberFormat('ru-RU', OPTIONS[style]);
    formatters.set(style, formatter);
  }
  return formatter.format(value);
}
