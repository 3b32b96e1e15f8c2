/**
 * The one wrapper around jose. Access tokens are JWTs signed with Ed25519 (fast to sign and verify,
 * small); ID tokens are signed with RS256, which OpenID Connect Core §15.1 requires every provider
 * to support. An access token, signed at every sign-in and refresh, is put together here (RFC 7515
 * §7.1, compact serialization) and signed by node:crypto at once: jose's way through WebCrypto cost
 * a refresh 30 µs more of processor time (issue 13, docs/benchmarks.md). jose verifies everything.
 * Every published key of an algorithm verifies while one of them signs, so keys rotate
 * without signing anybody out. Where the keys are kept, and which one signs when, is not this file's
 * business: a KeySource says (services/signing-key-store.ts reads them from the database).
 */
import { KeyObject, sign as signBytes } from 'node:crypto';
import {
  SignJWT,
  compactVerify,
  createRemoteJWKSet,
  errors,
  exportJWK,
  generateKeyPair,
  importJWK,
  importPKCS8,
  jwtVerify,
  type CryptoKey,
  type JWK,
  type JWTHeaderParameters,
} from 'jose';
import type { Clock } from './clock.js';
import { randomSecret } from './secrets.js';

export const ACCESS_ALG = 'EdDSA';
/** RFC 9068 §2.1: access tokens carry typ "at+jwt", so an ID token can never pass for one. */
const ACCESS_TYP = 'at+jwt';
export const ID_TOKEN_ALG = 'RS256';
export type SigningAlg = typeof ACCESS_ALG | typeof ID_TOKEN_ALG;
const RSA_MODULUS_BITS = 2048;

/** An access token issued to an OAuth client names it and what it was granted (RFC 9068 §2.2). */
export interface ClientGrantClaims {
  clientId: string;
  /** Space-separated (RFC 6749 §3.3). */
  scope: string;
}

export interface AccessClaims {
  userId: string;
  sessionId: string;
  /** Present only on a token issued to an OAuth client; the SPA's own tokens have none. */
  client?: ClientGrantClaims;
  /** When the token was signed (its `iat`), ms: read by verify(), ignored by sign(). */
  issuedAt?: number;
}

export interface AccessTokenSigner {
  sign(claims: AccessClaims, ttlSeconds: number): Promise<string>;
  /** The claims of a valid token, or null for anything expired, forged, malformed or from another issuer. */
  verify(token: string): Promise<AccessClaims | null>;
  /** The public keys that verify access tokens, for the JWKS (RFC 9068 §4: resource servers check them there). */
  publicJwks(): Promise<JWK[]>;
}

/** The claims of an ID token (OpenID Connect Core §2), apart from iss, iat and exp, which the signer sets. */
export type IdTokenClaims = { sub: string; aud: string } & Record<string, unknown>;

/** What an `id_token_hint` says, once its signature and issuer are checked (its expiry is not). */
export interface IdTokenHint {
  sub: string;
  aud: string;
  sid: string | null;
}

export interface IdTokenSigner {
  sign(claims: IdTokenClaims, ttlSeconds: number): Promise<string>;
  /** The public keys that verify ID tokens, for the JWKS. */
  publicJwks(): Promise<JWK[]>;
  /**
   * An ID token this server signed, read for RP-initiated logout: expired tokens are accepted
   * (OpenID RP-Initiated Logout 1.0 §2: the hint may have expired), forged ones and other issuers' not.
   */
  readHint(token: string): Promise<IdTokenHint | null>;
}

/** A key pair ready to sign and verify, as loaded from its stored form. */
export interface LoadedKey {
  kid: string;
  privateKey: CryptoKey;
  /** The same private key for node:crypto. */
  privateKeyObject: KeyObject;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

/** Where a signer finds its keys (services/signing-key-store.ts). */
export interface KeySource {
  /** The key that signs now, and every published key (each verifies), the signing one among them. */
  current(): Promise<{ signing: LoadedKey; published: readonly LoadedKey[] }>;
  /** The published key named `kid`, or undefined; an unknown kid may make the source read its keys again. */
  find(kid: string): Promise<LoadedKey | undefined>;
}

/** A key pair as it is kept: both halves as JWK JSON. */
export interface StoredKeyPair {
  kid: string;
  alg: string;
  privateJwk: string;
  publicJwk: string;
}

/**
 * A JWT signed with ES256 by a P-256 key given as PKCS #8 PEM: Sign in with Apple's client secret
 * (Apple's "Creating a client secret"; RFC 7518 §3.4). The caller gives every claim, `iat` and `exp` too.
 */
export async function signEs256Jwt(
  privateKeyPem: string,
  kid: string,
  claims: Record<string, unknown>,
): Promise<string> {
  const key = await importPKCS8(privateKeyPem, 'ES256');
  return new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid }).sign(key);
}

/** The algorithms an ID token of another provider may be signed with (Apple's: ES256 or RS256, by the key). */
const FOREIGN_ID_TOKEN_ALGS = ['ES256', 'RS256'];
const KEYS_UNAVAILABLE = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID', 'ERR_JOSE_GENERIC']);

/** What an ID token of another provider must be: from `issuer`, to `audience`, unexpired at `now` (epoch ms). */
export interface ForeignIdTokenCheck {
  issuer: string;
  audience: string;
  now: number;
}

/**
 * Verifies ID tokens of another provider against its JWKS at `jwksUrl`, fetched (no redirect followed,
 * `timeoutMs`) and cached by jose, fetched again for a `kid` it does not know. OpenID Connect Core
 * §3.1.3.7: the signature (steps 6–7), `iss` (2), `aud` (3) and `exp` (9); the caller checks `nonce` (11).
 * Answers the claims, or null for anything that does not hold; throws only when the keys cannot be had.
 */
export function createForeignIdTokenVerifier(jwksUrl: string, timeoutMs: number) {
  const keys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: timeoutMs });
  return async (token: string, check: ForeignIdTokenCheck): Promise<Record<string, unknown> | null> => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: check.issuer,
        audience: check.audience,
        algorithms: FOREIGN_ID_TOKEN_ALGS,
        currentDate: new Date(check.now),
        requiredClaims: ['sub', 'exp'],
      });
      return payload as Record<string, unknown>;
    } catch (error) {
      // The keys' endpoint unreachable, timing out, not answering 200 (jose's generic error) or answering
      // no key set is not a refused token: it is thrown for the caller to say the provider failed.
      if (!(error instanceof errors.JOSEError) || KEYS_UNAVAILABLE.has(error.code)) throw error;
      return null;
    }
  };
}

/** A new key pair of `alg`, both halves as JWK JSON, for the key store to keep. */
export async function generateKeyPairJwks(alg: SigningAlg): Promise<{ privateJwk: string; publicJwk: string }> {
  const options =
    alg === ID_TOKEN_ALG
      ? { modulusLength: RSA_MODULUS_BITS, extractable: true }
      : { crv: 'Ed25519', extractable: true };
  const { privateKey, publicKey } = await generateKeyPair(alg, options);
  return {
    privateJwk: JSON.stringify(await exportJWK(privateKey)),
    publicJwk: JSON.stringify(await exportJWK(publicKey)),
  };
}

/** A kept key pair of `alg`, imported for jose. */
export async function importKeyPair(row: StoredKeyPair, alg: SigningAlg): Promise<LoadedKey> {
  const publicJwk = JSON.parse(row.publicJwk) as JWK;
  const privateKey = (await importJWK(JSON.parse(row.privateJwk) as JWK, alg)) as CryptoKey;
  return {
    kid: row.kid,
    privateKey,
    privateKeyObject: KeyObject.from(privateKey),
    publicKey: (await importJWK(publicJwk, alg)) as CryptoKey,
    publicJwk: { ...publicJwk, kid: row.kid, alg, use: 'sig' },
  };
}

/** A key resolver for jose that knows only the source's published keys, by kid: a token naming no known key is refused. */
function byKid(source: KeySource) {
  return async (header: JWTHeaderParameters | { kid?: string }) => {
    const key = header.kid === undefined ? undefined : await source.find(header.kid);
    if (!key) throw new errors.JWKSNoMatchingKey();
    return key.publicKey;
  };
}

const base64url = (json: object) => Buffer.from(JSON.stringify(json)).toString('base64url');

/** A JWS in compact serialization (RFC 7515 §7.1) signed with Ed25519 (RFC 8037 §3.1: the whole signing input, unhashed). */
function signEdDsaCompact(header: JWTHeaderParameters, payload: object, key: KeyObject): string {
  const input = `${base64url(header)}.${base64url(payload)}`;
  return `${input}.${signBytes(null, Buffer.from(input), key).toString('base64url')}`;
}

/** Signs with the source's signing key of the moment and verifies with any published one. */
export function createAccessTokenSigner(source: KeySource, clock: Clock, issuer: string): AccessTokenSigner {
  const resolveKey = byKid(source);

  return {
    async sign(claims, ttlSeconds) {
      const current = (await source.current()).signing;
      const nowSeconds = Math.floor(clock.now() / 1000);
      // RFC 9068 §2.2: iss, exp, aud (a client's token only), sub, client_id, iat, jti.
      const registered = {
        iss: issuer,
        sub: claims.userId,
        iat: nowSeconds,
        exp: nowSeconds + ttlSeconds,
        jti: randomSecret(9),
      };
      const payload = claims.client
        ? {
            sid: claims.sessionId,
            client_id: claims.client.clientId,
            scope: claims.client.scope,
            ...registered,
            aud: claims.client.clientId,
          }
        : { sid: claims.sessionId, ...registered };
      return signEdDsaCompact(
        { alg: ACCESS_ALG, typ: ACCESS_TYP, kid: current.kid },
        payload,
        current.privateKeyObject,
      );
    },

    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, resolveKey, {
          issuer,
          typ: ACCESS_TYP,
          algorithms: [ACCESS_ALG],
          currentDate: new Date(clock.now()),
          clockTolerance: 0,
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        const claims: AccessClaims = { userId: payload.sub, sessionId: payload.sid };
        if (typeof payload.iat === 'number') claims.issuedAt = payload.iat * 1000;
        if (payload.client_id === undefined) return claims;
        // A client's token names the client as its audience too (RFC 9068 §2.2); anything else is not ours.
        if (
          typeof payload.client_id !== 'string' ||
          typeof payload.scope !== 'string' ||
          payload.aud !== payload.client_id
        )
          return null;
        return { ...claims, client: { clientId: payload.client_id, scope: payload.scope } };
      } catch {
        return null;
      }
    },

    publicJwks: async () => (await source.current()).published.map((key) => key.publicJwk),
  };
}

/** The ID token signer: RS256 with the source's signing key of the moment (OpenID Connect Core §15.1). */
export function createIdTokenSigner(source: KeySource, clock: Clock, issuer: string): IdTokenSigner {
  const resolveKey = byKid(source);

  return {
    async sign(claims, ttlSeconds) {
      const current = (await source.current()).signing;
      const nowSeconds = Math.floor(clock.now() / 1000);
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: ID_TOKEN_ALG, typ: 'JWT', kid: current.kid })
        .setIssuer(issuer)
        .setIssuedAt(nowSeconds)
        .setExpirationTime(nowSeconds + ttlSeconds)
        .sign(current.privateKey);
    },

    publicJwks: async () => (await source.current()).published.map((key) => key.publicJwk),

    async readHint(token) {
      try {
        const { payload } = await compactVerify(token, resolveKey, { algorithms: [ID_TOKEN_ALG] });
        const claims = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
        if (claims.iss !== issuer || typeof claims.sub !== 'string' || typeof claims.aud !== 'string') return null;
        return { sub: claims.sub, aud: claims.aud, sid: typeof claims.sid === 'string' ? claims.sid : null };
      } catch {
        return null;
      }
    },
  };
}
