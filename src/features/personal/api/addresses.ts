import type { Address, AddressRequest } from '../../../../server/src/contract/addresses.js';
import type { Region } from '../../../../server/src/contract/regions.js';
import type { Http } from '../../../lib/http';

export type { Address, Region };

/** The form's fields as typed, what POST and PATCH send: a blank optional field means none. */
export type AddressFields = Record<Exclude<keyof AddressRequest, 'is_default'>, string>;

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
