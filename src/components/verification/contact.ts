/** A phone or an e-mail that a one-time code goes to, and what the code calls need. */
import type { Http } from '../../lib/http';

export type ContactType = 'phone' | 'email';

export interface Contact {
  type: ContactType;
  /** +998XXXXXXXXX or an e-mail address. */
  value: string;
}

export const contactBody = (contact: Contact): Record<string, string> => ({ [contact.type]: contact.value });

/** The client, the API base and the headers each code call carries (SPEC §7). */
export interface CodeApi {
  http: Http;
  ssoApi: string;
  /** The sign-in headers of SPEC §7 (source, {product}-Source, OauthClientId); none once signed in. */
  signInHeaders: () => Record<string, string>;
}

/** Where a code to the account's own contact goes: its phone, or its e-mail when it has no phone. */
export function ownContact(user: { phone: string | null; email: string | null }): Contact {
  return user.phone ? { type: 'phone', value: user.phone } : { type: 'email', value: user.email ?? '' };
}
