/** The signed-in person's delivery addresses: /user/addresses/. */

/** An address as every call of /user/addresses/ answers it. */
export interface Address {
  id: string;
  label: string | null;
  /** A region id of GET /common/api/v1/regions/. */
  region: string;
  /** A district id of that region. */
  district: string;
  street: string;
  house: string;
  apartment: string | null;
  /** Six digits. */
  postal_code: string | null;
  /** Exactly one address of an account that has any is its default. */
  is_default: boolean;
  /** ISO 8601. */
  created_at: string;
  updated_at: string;
}

/** POST /user/addresses/: a blank or null optional field means none. */
export interface AddressRequest {
  label?: string | null;
  region: string;
  district: string;
  street: string;
  house: string;
  apartment?: string | null;
  postal_code?: string | null;
  is_default?: boolean;
}

/** PATCH /user/addresses/{id}/: any subset of the fields; a new region needs its district too. */
export type AddressChangeRequest = Partial<AddressRequest>;
