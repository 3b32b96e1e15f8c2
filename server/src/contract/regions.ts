/**
 * GET /common/api/v1/regions/: the regions of Uzbekistan and their districts, for the address form.
 * Ids are stable slugs (addresses store them); names come in every locale.
 */
import type { Locale } from './locales.js';

export type LocalizedName = Readonly<Record<Locale, string>>;

export interface District {
  id: string;
  name: LocalizedName;
}

export interface Region {
  id: string;
  name: LocalizedName;
  districts: readonly District[];
}
