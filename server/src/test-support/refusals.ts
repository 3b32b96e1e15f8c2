/**
 * The answers the request-form tests compare: a status with a JSON body, and the expected refusal,
 * whose error keys must each be in every catalogue (docs/api.md: every error key is translated).
 */
import { expect } from 'vitest';
import type { ErrorItem } from '../contract/errors.js';
import { LOCALES } from '../lib/locales.js';
import { catalogues } from '../services/translations.js';
import type { CallResult } from './test-server.js';

/** Each error key of `items` has a text in every catalogue. */
export function expectCatalogueKeys(items: ErrorItem[]): void {
  for (const locale of LOCALES) {
    for (const item of items)
      expect(catalogues[locale][item.error], `${item.error} in ${locale}`).toEqual(expect.any(String));
  }
}

/** What the tests compare: the status and the JSON body of an answer. */
export function answer(response: CallResult): { status: number; body: unknown } {
  return { status: response.status, body: response.json as unknown };
}

/** The expected answer to a refused request; its keys must be in the catalogue. */
export function refusal(status: number, errors: ErrorItem[]): { status: number; body: { errors: ErrorItem[] } } {
  expectCatalogueKeys(errors);
  return { status, body: { errors } };
}
