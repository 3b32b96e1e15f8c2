/**
 * The regions of Uzbekistan and their districts (regions.json): the twelve viloyatlar, Tashkent
 * city and the Republic of Karakalpakstan, each with its tumanlar and the cities of regional
 * subordination (a person in Samarkand city lives in no tuman). Names in the five locales, each
 * with its kind ("tumani", "shahri", …) so that a district and a city of one name stay apart.
 * Ids are stable slugs: addresses store them, and the SPA shows the name in the person's language.
 */
import type { Region } from '../contract/regions.js';
import data from './regions.json' with { type: 'json' };

export const REGIONS: readonly Region[] = data;

const byId = new Map(REGIONS.map((region) => [region.id, region]));

export function findRegion(id: string): Region | undefined {
  return byId.get(id);
}

export function regionHasDistrict(regionId: string, districtId: string): boolean {
  return findRegion(regionId)?.districts.some((district) => district.id === districtId) ?? false;
}
