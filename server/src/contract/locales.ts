/** The five locales of the product (docs/product.md §1); uz is the default and the fallback. */
export const LOCALES = ['uz', 'uzc', 'kaa', 'ru', 'en'] as const;

export type Locale = (typeof LOCALES)[number];
