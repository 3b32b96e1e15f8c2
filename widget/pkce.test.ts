import { describe, expect, it } from 'vitest';
import { base64Url, challengeOf, randomToken } from './pkce.js';

// RFC 7636 Appendix B: the octets, their verifier and its S256 challenge.
const OCTETS = [
  116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105, 214, 191, 240, 91,
  88, 5, 88, 83, 132, 141, 121,
];
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

describe('pkce', () => {
  it('encodes octets as unpadded base64url, as RFC 7636 Appendix B does', () => {
    expect(base64Url(new Uint8Array(OCTETS))).toBe(VERIFIER);
    expect(base64Url(new Uint8Array([251, 255]))).toBe('-_8');
  });

  it('computes the S256 challenge of RFC 7636 Appendix B', async () => {
    expect(await challengeOf(VERIFIER)).toBe(CHALLENGE);
  });

  it('makes a fresh 43-character token of 256 random bits each time', () => {
    const tokens = new Set(Array.from({ length: 20 }, randomToken));

    expect(tokens.size).toBe(20);
    for (const token of tokens) expect(token).toMatch(/^[\w-]{43}$/);
  });
});
