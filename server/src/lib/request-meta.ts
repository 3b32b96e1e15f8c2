/**
 * What the server records about a request: who is asking from where, on which device, through which
 * product. The middleware of the same name reads it once per request; services take it as it is.
 */
import type { Locale } from './locales.js';

export interface RequestMeta {
  ip: string;
  deviceId: string | null;
  userAgent: string | null;
  /** Header `source` (docs/product.md §7). */
  source: string | null;
  /** Header `{product}-Source` (docs/product.md §7). */
  productSource: string | null;
  /** Header `OauthClientId` (docs/product.md §7). */
  oauthClientId: string | null;
  locale: Locale;
}
