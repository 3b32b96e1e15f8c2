/**
 * A phone app's authorization request (docs/partners.md, Phone apps), kept in this tab's session storage under
 * docs/product.md §3's `mobileAppRequest` while the provider's pages are open: /login/mobile-* keeps it, and the
 * next end of the sign-in in this tab takes it, once: the consent step after a sign-in (finish-sign-in.ts), or the
 * app's refusal after a cancel or a failure at the provider (models/social-callback-model.ts). Not in the first
 * download of any page (test/budget.test.ts): only the mobile page and the provider's callback load it.
 */
import { readItem, removeItem, writeItem } from '../../lib/browser-storage';

const MOBILE_APP_REQUEST_KEY = 'mobileAppRequest';

/** Keeps the request, as the consent page's query, until the sign-in in this tab ends. */
export function keepAppRequest(consentQuery: string): void {
  writeItem('session', MOBILE_APP_REQUEST_KEY, consentQuery);
}

/** The kept request, removed as it is read: it is used once, whatever ends the sign-in. */
export function takeAppRequest(): URLSearchParams | null {
  const kept = readItem('session', MOBILE_APP_REQUEST_KEY);
  removeItem('session', MOBILE_APP_REQUEST_KEY);
  return kept === null ? null : new URLSearchParams(kept);
}
