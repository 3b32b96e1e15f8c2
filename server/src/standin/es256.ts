/**
 * ES256 JSON Web Tokens by node:crypto alone (RFC 7515 §3.1 compact form, RFC 7518 §3.4: ECDSA P-256
 * with SHA-256, the signature as R‖S): Apple's ID tokens, and the client secret Kirish signs for Apple.
 * The stand-in keeps out of lib/jwt.ts, Kirish's own wrapper, so that it checks Kirish's tokens with
 * code Kirish does not share.
 */
import { createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';

export interface Es256Key {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export function generateEs256Key(kid: string): Es256Key {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { kid, privateKey, publicKey };
}

/** The key's public JWK as a JWKS lists it (RFC 7517 §4). */
export function publicJwk(key: Es256Key): Record<string, string> {
  const { kty, crv, x, y } = key.publicKey.export({ format: 'jwk' });
  return { kty: kty!, kid: key.kid, use: 'sig', alg: 'ES256', crv: crv!, x: x!, y: y! };
}

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function signEs256(key: Es256Key, claims: Record<string, unknown>): string {
  const input = `${part({ alg: 'ES256', kid: key.kid, typ: 'JWT' })}.${part(claims)}`;
  const signature = sign('sha256', Buffer.from(input), { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}

/** A PEM (SPKI, or a private key whose public half is wanted) as a public key; null if it is none. */
export function publicKeyFromPem(pem: string): KeyObject | null {
  try {
    const key = createPublicKey(pem);
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1' ? key : null;
  } catch {
    return null;
  }
}

/** The header and claims of a compact JWS whose ES256 signature `publicKey` verifies; null otherwise. */
export function verifyEs256(
  token: string,
  publicKey: KeyObject,
): { header: Record<string, unknown>; claims: Record<string, unknown> } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head, body, signature] = parts as [string, string, string];
  try {
    const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as Record<string, unknown>;
    // RFC 8725 §3.1: the algorithm is the one expected, never the one the token names.
    if (header.alg !== 'ES256') return null;
    const valid = verify(
      'sha256',
      Buffer.from(`${head}.${body}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    if (!valid) return null;
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
    return claims && typeof claims === 'object' ? { header, claims: claims as Record<string, unknown> } : null;
  } catch {
    return null;
  }
}
