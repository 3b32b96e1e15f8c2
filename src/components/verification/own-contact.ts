/**
 * What the signed-in pages' code steps need (apart from contact.ts, which the sign-in form loads
 * first: the login page and the widget pay for every byte of it, test/budget.test.ts).
 */
import type { Http } from '../../lib/http';
import { productSourceHeaders, type CodeApi, type Contact } from './contact';

/** The code calls of the security pages: signed in, so only {product}-Source of docs/product.md §7's headers. */
export function signedInCodeApi(http: Http, ssoApi: string, product: string): CodeApi {
  return { http, ssoApi, signInHeaders: () => productSourceHeaders(product) };
}

/** Where a code to the account's own contact goes: its phone, or its e-mail when it has no phone. */
export function ownContact(user: { phone: string | null; email: string | null }): Contact {
  return user.phone ? { type: 'phone', value: user.phone } : { type: 'email', value: user.email ?? '' };
}
