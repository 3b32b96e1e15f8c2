import type { Http } from '../../../lib/http';

export interface Address {
  id: string;
  label: string | null;
  region: string;
  district: string;
  street: string;
  house: string;
  apartment: string | null;
  postal_code: string | null;
  is_default: boolean;
}

export type AddressFields = Pick<Address, 'region' | 'district' | 'street' | 'house'> & { label: string; apartment: string; postal_code: string };

type Localized = Record<'uz' | 'uzc' | 'kaa' | 'ru' | 'en', string>;

export interface Region {
  id: string;
  name: Localized;
  districts: { id: string; name: Localized }[];
}

/** The calls of the addresses screen: /user/addresses/ and the regions of the common API. */
export function addressesApi(http: Http, ssoApi: string, commonApi: string) {
  const base = `${ssoApi}/user/addresses/`;
  return {
    list: () => http.get<Address[]>(base),
    create: (fields: AddressFields) => http.post<Address>(base, fields),
    update: (id: string, fields: AddressFields) => http.patch<Address>(`${base}${encodeURIComponent(id)}/`, fields),
    remove: (id: string) => http.delete(`${base}${encodeURIComponent(id)}/`),
    makeDefault: (id: string) => http.post<Address>(`${base}${encodeURIComponent(id)}/default/`),
    regions: () => http.get<Region[]>(`${commonApi}/regions/`),
  };
}

export type AddressesApi = ReturnType<typeof addressesApi>;
