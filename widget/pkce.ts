/**
 * The one-time values of an authorization request, made in the partner's page: the PKCE verifier
 * and its S256 challenge (RFC 7636 §4.1–4.2), and the random `state` and `nonce`.
 */

const RANDOM_BYTES = 32;

/** Base64url without padding (RFC 7636 Appendix A). */
export function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * 256 bits from the platform CSPRNG as 43 base64url characters: a valid verifier (RFC 7636 §4.1
 * asks for 43–128 characters with 256 bits of entropy) and more than the 128 bits a state or nonce needs.
 */
export function randomToken(): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(RANDOM_BYTES)));
}

/** BASE64URL(SHA256(ASCII(verifier))), the S256 method of RFC 7636 §4.2. */
export async function challengeOf(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}
