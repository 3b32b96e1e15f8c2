/**
 * Signing key pairs made once per test worker and handed to every test server it starts
 * (bootstrap.ts generateKeyPair): each server makes its first keys at start, and a fresh RSA pair
 * costs up to a second on a busy machine, which hundreds of test servers would pay for nothing.
 * Each server still stores them under kids of its own, so a token of one is unknown to another.
 */
import { generateKeyPairJwks, type SigningAlg } from '../lib/jwt.js';
import type { GenerateKeyPair } from '../services/signing-key-store.js';

const made = new Map<SigningAlg, ReturnType<GenerateKeyPair>>();

export const readyKeyPair: GenerateKeyPair = (alg) => {
  let pair = made.get(alg);
  if (!pair) {
    pair = generateKeyPairJwks(alg);
    made.set(alg, pair);
  }
  return pair;
};
