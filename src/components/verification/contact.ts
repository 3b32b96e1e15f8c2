/** A phone or an e-mail that a one-time code goes to, and what the code calls need. */
import { getCookie } from '../../lib/cookies';
import type { Http } from '../../lib/http';
import { productSourceCookie } from '../../lib/storage-keys';

import type { ContactType } from '../../../server/src/contract/contact-rules.js';

export type { ContactType };

export interface Contact {
  type: ContactType;
  /** +998XXXXXXXXX or an e-mail address. */
  value: string;
}

export const contactBody = (contact: Contact): Record<string, string> => ({ [contact.type]: contact.value });

/** The client, the API base and the headers each code call carries (docs/product.md §7). */
export interface CodeApi {
  http: Http;
  ssoApi: string;
  /**
   * The headers of docs/product.md §7 that say where the person came from: {product}-Source on every code
   * request, signed in or not; while signing in also source and OauthClientId.
   */
  signInHeaders: () => Record<string, string>;
}

/** docs/product.md §7's `{product}-Source` header, from the `{product}_source` cookie (docs/product.md §3). */
export function productSourceHeaders(product: string): Record<string, string> {
  const source = getCookie(productSourceCookie(product));
  return source ? { [`${product}-Source`]: source } : {};
}
