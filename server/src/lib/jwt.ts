/**
 * The one wrapper around jose. Access tokens are JWTs signed with Ed25519 (fast to sign and verify,
 * small); the key pair is generated once and kept in the database, and several active keys may
 * verify at once so that a key can be rotated without signing anybody out.
 */
import { SignJWT, errors, exportJWK, generateKeyPair, importJWK, jwtVerify, type CryptoKey, type JWK } from 'jose';
import type { Clock } from './clock.js';
import { randomSecret } from './secrets.js';
import type { Storage } from '../storage/storage.js';

const ACCESS_ALG = 'EdDSA';
/** RFC 9068 §2.1: access tokens carry typ "at+jwt", so an ID token can never pass for one. */
const ACCESS_TYP = 'at+jwt';

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

export interface AccessTokenSigner {
  sign(claims: AccessClaims, ttlSeconds: number): Promise<string>;
  /** The claims of a valid token, or null for anything expired, forged, malformed or from another issuer. */
  verify(token: string): Promise<AccessClaims | null>;
}

interface LoadedKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
}

async function loadOrCreateKeys(storage: Storage, clock: Clock): Promise<LoadedKey[]> {
  let rows = (await storage.signingKeys.listActive()).filter((row) => row.alg === ACCESS_ALG);
  if (rows.length === 0) {
    const { privateKey, publicKey } = await generateKeyPair(ACCESS_ALG, { crv: 'Ed25519', extractable: true });
    const kid = randomSecret(12);
    await storage.signingKeys.insert({
      kid,
      alg: ACCESS_ALG,
      privateJwk: JSON.stringify(await exportJWK(privateKey)),
      publicJwk: JSON.stringify(await exportJWK(publicKey)),
      createdAt: clock.now(),
      retiredAt: null,
    });
    rows = (await storage.signingKeys.listActive()).filter((row) => row.alg === ACCESS_ALG);
  }
  return Promise.all(
    rows.map(async (row) => ({
      kid: row.kid,
      privateKey: (await importJWK(JSON.parse(row.privateJwk) as JWK, ACCESS_ALG)) as CryptoKey,
      publicKey: (await importJWK(JSON.parse(row.publicJwk) as JWK, ACCESS_ALG)) as CryptoKey,
    })),
  );
}

export async function createAccessTokenSigner(storage: Storage, clock: Clock, issuer: string): Promise<AccessTokenSigner> {
  const keys = await loadOrCreateKeys(storage, clock);
  const current = keys[0];
  if (!current) throw new Error('No signing key could be loaded');
  const byKid = new Map(keys.map((key) => [key.kid, key.publicKey]));

  return {
    async sign(claims, ttlSeconds) {
      const nowSeconds = Math.floor(clock.now() / 1000);
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: ACCESS_ALG, typ: ACCESS_TYP, kid: current.kid })
        .setIssuer(issuer)
        .setSubject(claims.userId)
        .setIssuedAt(nowSeconds)
        .setExpirationTime(nowSeconds + ttlSeconds)
        .setJti(randomSecret(9))
        .sign(current.privateKey);
    },

    async verify(token) {
      try {
        const { payload } = await jwtVerify(
          token,
          (header) => {
            const key = header.kid === undefined ? undefined : byKid.get(header.kid);
            if (!key) throw new errors.JWKSNoMatchingKey();
            return key;
          },
          { issuer, typ: ACCESS_TYP, algorithms: [ACCESS_ALG], currentDate: new Date(clock.now()), clockTolerance: 0 },
        );
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        return { userId: payload.sub, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
