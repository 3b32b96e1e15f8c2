import type { Http } from '../../../lib/http';

/** What every call of the auth feature needs: the client and the API bases. */
export interface AuthApi {
  http: Http;
  ssoApi: string;
  ssoApiV2: string;
  /** The sign-in headers of SPEC §7: source, {product}-Source, OauthClientId. */
  signInHeaders: () => Record<string, string>;
}

export type ContactType = 'phone' | 'email';

export interface Contact {
  type: ContactType;
  /** +998XXXXXXXXX or an e-mail address. */
  value: string;
}

export const contactBody = (contact: Contact): Record<string, string> => ({ [contact.type]: contact.value });
