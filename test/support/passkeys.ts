/**
 * Passkeys in the browser tests (issue 41): Chromium's virtual authenticator over the DevTools
 * protocol (WebAuthn domain), and a passkey made for an account through the real endpoints from a
 * page of the site (the challenge is bound to the browser that asked).
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiClient, V1 } from './api.js';

/** A credential as the virtual authenticator holds it (WebAuthn.Credential). */
export interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
}

/** A platform authenticator that holds discoverable credentials and verifies its user at once. */
export async function withAuthenticator(page: Page, credentials: VirtualCredential[] = []) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = (await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })) as { authenticatorId: string };
  for (const credential of credentials) await cdp.send('WebAuthn.addCredential', { authenticatorId, credential });
  return {
    credentials: async () =>
      ((await cdp.send('WebAuthn.getCredentials', { authenticatorId })) as { credentials: VirtualCredential[] })
        .credentials,
  };
}

/**
 * Registers `phone` with `password` and makes it a passkey from `page` (a fresh profile of its own):
 * returns the passkey as the page's authenticator holds it, to be given to another page's.
 */
export async function registerPasskey(
  page: Page,
  origin: string,
  phone: string,
  password: string,
): Promise<VirtualCredential> {
  const { access } = await apiClient(origin).registerByPhone(phone, password);
  const authenticator = await withAuthenticator(page);
  await page.goto(`${origin}/help`);
  const status = await page.evaluate(
    async ({ v1, token, secret }) => {
      const call = async (path: string, body: unknown) => {
        const response = await fetch(`${v1}${path}`, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        });
        return { status: response.status, json: (await response.json()) as Record<string, unknown> };
      };
      const proof = await call('/user/security/proof/', { password: secret });
      const options = await call('/user/passkeys/registration/options/', { proof: proof.json.proof });
      const made = (await navigator.credentials.create({
        publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options.json as never),
      })) as PublicKeyCredential;
      return (await call('/user/passkeys/registration/', { credential: made.toJSON() })).status;
    },
    { v1: V1, token: access, secret: password },
  );
  expect(status).toBe(200);
  const [credential] = await authenticator.credentials();
  if (!credential) throw new Error('the authenticator holds no passkey');
  return credential;
}
