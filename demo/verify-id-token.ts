/**
 * What a partner's server does with the `id_token` of `kirish:token` before it trusts who signed in
 * (docs/partners.md, "Verifying the ID token"): the RS256 signature against the keys of Kirish's
 * JWKS (found through discovery), then `iss`, `aud`, `exp` and the nonce it gave the widget
 * (OpenID Connect Core §3.1.3.7). The widget's loader does not do this: it would not fit its 2 kB
 * budget, and a check in the page proves nothing to a server. Bozor has no server, so its page does
 * it with WebCrypto, to show the steps; a real partner does it on its server (with `jose`).
 */
import { SSO_ORIGIN, CLIENT_ID } from './sso';

const fromBase64Url = (part: string) =>
  Uint8Array.from(atob(part.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
const jsonOf = (part: string) => JSON.parse(new TextDecoder().decode(fromBase64Url(part))) as Record<string, unknown>;
const RS256 = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };

/** The verified claims, or throws naming the check that failed. */
export async function verifyIdToken(idToken: string, expectedNonce: string): Promise<Record<string, unknown>> {
  const [head = '', body = '', signature = ''] = idToken.split('.');
  const header = jsonOf(head);
  if (header.alg !== 'RS256') throw new Error(`alg ${String(header.alg)} is not RS256`);
  const discovery = (await (await fetch(`${SSO_ORIGIN}/.well-known/openid-configuration`)).json()) as {
    issuer: string;
    jwks_uri: string;
  };
  const { keys } = (await (await fetch(discovery.jwks_uri)).json()) as { keys: Array<JsonWebKey & { kid?: string }> };
  const jwk = keys.find((key) => key.kid === header.kid);
  if (!jwk) throw new Error(`no published key has kid ${String(header.kid)}`);
  const key = await crypto.subtle.importKey('jwk', jwk, RS256, false, ['verify']);
  if (!(await crypto.subtle.verify(RS256, key, fromBase64Url(signature), new TextEncoder().encode(`${head}.${body}`))))
    throw new Error('bad signature');
  const claims = jsonOf(body);
  if (claims.iss !== discovery.issuer) throw new Error('wrong issuer');
  if (!([] as unknown[]).concat(claims.aud).includes(CLIENT_ID)) throw new Error('not for this client');
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now()) throw new Error('expired');
  if (claims.nonce !== expectedNonce) throw new Error('nonce does not match');
  return claims;
}

/** A fresh nonce for one widget on this page (the partner's server makes it in a real site). */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16)))).replace(/[+/=]/g, '');
}
