/**
 * The error bodies of the API (docs/product.md §11), Django-REST style so that the SPA's
 * reader of docs/product.md §8 takes them unchanged.
 */

import type { ErrorKey } from './error-keys.js';

/** One problem: a key of the catalogue, and the field it is about when there is one. */
export interface ErrorItem {
  error: ErrorKey;
  field?: string;
}

/** Every 4xx and 5xx of the API but a rejected access token. */
export interface ErrorBody {
  errors: ErrorItem[];
}

/** A 401 for an invalid, expired or revoked access token: the SPA refreshes on `token_not_valid` (docs/product.md §4). */
export interface TokenErrorBody {
  detail: string;
  /** Catalogue keys too (an intersection with ErrorKey: a code missing from the catalogue becomes `never`). */
  code: ('token_not_valid' | 'not_authenticated') & ErrorKey;
}
