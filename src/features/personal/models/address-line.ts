import type { Locale } from '../../../lib/i18n';
import type { Address, Region } from '../api/addresses';

/** The whole address in one line, as a row shows it: region, district, street, house, apartment, postal code. */
export function addressLine(regions: Region[], locale: Locale, address: Address, apartmentShort: string): string {
  const region = regions.find((candidate) => candidate.id === address.region);
  const district = region?.districts.find((candidate) => candidate.id === address.district);
  return [
    region?.name[locale],
    district?.name[locale],
    address.street,
    address.house,
    address.apartment ? `${apartmentShort} ${address.apartment}` : '',
    address.postal_code,
  ]
    .filter(Boolean)
    .join(', ');
}
