/**
 * The rules of an address's typed fields, both sides: the SPA's inputs take their maxLength from
 * this table and its form checks with `addressFieldProblem`; the server's parsing
 * (features/personal/address-routes.ts) reads the same table, keys and tidying. Region and district
 * are chosen from the server's list, not typed, so they are the server's alone. Pure, no imports.
 *
 * Lengths are counted in UTF-16 code units, after tidying: the unit an input's maxLength counts
 * (HTML, "maxlength" attribute), so the input stops exactly where the check would refuse.
 */
import type { AddressRequest } from './addresses.js';

/** The free-text fields of an address. */
export type AddressTextField = 'label' | 'street' | 'house' | 'apartment';

/** The longest each free-text field may be, after tidying. */
export const ADDRESS_MAX_LENGTH: Readonly<Record<AddressTextField, number>> = {
  label: 40,
  street: 120,
  house: 20,
  apartment: 20,
};

/** Uzbekistan's postal codes are six digits (100000 for Tashkent). */
export const POSTAL_CODE_LENGTH = 6;
export const POSTAL_CODE_PATTERN = /^\d{6}$/;

/** The key of a field that is too long: each sentence states its own limit. */
export const ADDRESS_TOO_LONG = {
  label: 'address_label_too_long',
  street: 'address_street_too_long',
  house: 'address_house_too_long',
  apartment: 'address_house_too_long',
} as const satisfies Record<AddressTextField, string>;

/** The fields an address cannot go without. */
export const ADDRESS_REQUIRED = [
  'region',
  'district',
  'street',
  'house',
] as const satisfies readonly (keyof AddressRequest)[];

/** Control characters (Cc) are refused: free text from a form holds none. */
export const CONTROL_CHARACTER = /\p{Cc}/u;

/** As stored: trimmed, inner runs of whitespace made one space. */
export const tidyAddressLine = (value: string): string => value.trim().replace(/\s+/g, ' ');

export type AddressFieldProblem =
  'field_required' | 'invalid_value' | 'invalid_postal_code' | (typeof ADDRESS_TOO_LONG)[AddressTextField];

/** The error key of one typed field of an address, or null when the server will take it. */
export function addressFieldProblem(name: AddressTextField | 'postal_code', value: string): AddressFieldProblem | null {
  if (name === 'postal_code') {
    const code = value.trim();
    return code === '' || POSTAL_CODE_PATTERN.test(code) ? null : 'invalid_postal_code';
  }
  if (CONTROL_CHARACTER.test(value)) return 'invalid_value';
  const line = tidyAddressLine(value);
  if (line === '') return (ADDRESS_REQUIRED as readonly string[]).includes(name) ? 'field_required' : null;
  return line.length > ADDRESS_MAX_LENGTH[name] ? ADDRESS_TOO_LONG[name] : null;
}
