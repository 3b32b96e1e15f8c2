/**
 * The consent page as FedCM's `continue_on` popup (W3C FedCM §3.3.3, IdentityProvider.resolve):
 * the browser opened it for a partner that asked for more than name, e-mail and photo; the answer —
 * an authorization code bound to the partner's origin and PKCE challenge, as the ID-assertion
 * endpoint gives — goes back to the browser, which hands it to the partner and closes the popup. A
 * refusal closes the popup and the partner's request fails. False where the browser has no FedCM.
 */
import type { WebMessageResponse } from './api/types';

interface IdentityProviderApi {
  resolve(token: string): void;
  close(): void;
}

export function answerFedCm(response: WebMessageResponse): boolean {
  const provider = (window as { IdentityProvider?: IdentityProviderApi }).IdentityProvider;
  if (!provider) return false;
  if ('code' in response) provider.resolve(response.code);
  else provider.close();
  return true;
}
