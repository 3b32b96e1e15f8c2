import { describe, expect, it } from 'vitest';
import type { Address, Region } from '../api/addresses';
import { addressLine } from './address-line';

const name = (en: string, ru: string) => ({ uz: en, uzc: en, kaa: en, ru, en });
const regions: Region[] = [
  {
    id: 'tashkent-city',
    name: name('Tashkent city', 'город Ташкент'),
    districts: [{ id: 'yunusabad', name: name('Yunusabad', 'Юнусабадский район') }],
  },
];
const address: Address = {
  id: 'a1',
  label: 'Uy',
  region: 'tashkent-city',
  district: 'yunusabad',
  street: 'Amir Temur',
  house: '12',
  apartment: '5',
  postal_code: '100000',
  is_default: true,
  created_at: '2026-11-27T07:00:00Z',
  updated_at: '2026-11-27T07:00:00Z',
};

describe('an address in one line', () => {
  it('names the region and district in the locale, then street, house, apartment and postal code', () => {
    expect(addressLine(regions, 'ru', address, 'кв.')).toBe(
      'город Ташкент, Юнусабадский район, Amir Temur, 12, кв. 5, 100000',
    );
  });

  it('leaves out what the address does not have', () => {
    expect(addressLine(regions, 'en', { ...address, apartment: null, postal_code: null }, 'apt.')).toBe(
      'Tashkent city, Yunusabad, Amir Temur, 12',
    );
  });
});
