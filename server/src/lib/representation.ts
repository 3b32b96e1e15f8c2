/**
 * Sending one selected representation of a resource (RFC 9110 §3.2): its bytes in one content
 * coding, with a strong entity tag, the cache policy, and the conditional-request rules; and
 * encoding a small in-memory body once into each coding (JSON answers, the demo's page).
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chooseCoding, type Coding } from './content-coding.js';

export interface Representation {
  coding: Coding;
  /** The bytes, or how to read them: a 304 or a HEAD answer never needs them. */
  bytes: Uint8Array | (() => Promise<Uint8Array>);
  size: number;
  /** A strong entity tag, quoted (RFC 9110 §8.8.3): it changes whenever these bytes change. */
  etag: string;
}

export interface SendOptions {
  contentType: string;
  cacheControl: string;
  /** Whether other codings were on offer, so that caches must key on Accept-Encoding. */
  negotiated: boolean;
}

/** Shorter bodies are sent as they are: a compressed frame would save less than a packet. */
export const MIN_COMPRESSED_BYTES = 1024;

/** A quoted strong entity tag from the SHA-256 of `bytes` (128 bits: collisions are out of reach). */
export function entityTagOf(bytes: Uint8Array, suffix = ''): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}${suffix}"`;
}

/**
 * RFC 9110 §13.1.2: If-None-Match is false when any listed tag matches by the weak comparison
 * (§8.8.3.2: opaque tags equal, W/ ignored), or when it is `*` and the resource exists.
 */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return (header.match(/(?:W\/)?"[^"]*"/g) ?? []).some((tag) => tag.replace(/^W\//, '') === opaque);
}

/**
 * The response for `representation`. A GET or HEAD whose If-None-Match matches gets 304 with the
 * headers a 200 would carry that caches need (§15.4.5: Cache-Control, ETag, Vary) and no body;
 * a HEAD gets every header and no body (§9.3.2).
 */
export async function sendRepresentation(
  c: Context,
  representation: Representation,
  options: SendOptions,
): Promise<Response> {
  // RFC 9111 §5.2.2: the policy decides how long a cache may reuse this without asking.
  c.header('Cache-Control', options.cacheControl);
  c.header('ETag', representation.etag);
  // RFC 9110 §12.5.5: the answer depended on Accept-Encoding; a cache must not hand the brotli
  // bytes to a client that did not ask for them.
  if (options.negotiated) c.header('Vary', 'Accept-Encoding', { append: true });
  if (ifNoneMatchMatches(c.req.header('If-None-Match'), representation.etag)) return c.body(null, 304);

  c.header('Content-Type', options.contentType);
  if (representation.coding !== 'identity') c.header('Content-Encoding', representation.coding);
  c.header('Content-Length', String(representation.size));
  if (c.req.method === 'HEAD') return c.body(null, 200);
  const bytes = typeof representation.bytes === 'function' ? await representation.bytes() : representation.bytes;
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200);
}

export type Representations = Readonly<Partial<Record<Coding, Representation>>> & { readonly identity: Representation };

/**
 * `body` in identity, brotli (quality 11) and gzip (level 9), each with its own tag: the content
 * hash of the identity bytes plus the coding, so one version of the content has one tag per coding
 * (a strong tag must differ between representations, §8.8.3). Bodies under 1 kB stay uncompressed.
 * Meant to run once per body and be kept: quality 11 is slow.
 */
export function encodeRepresentations(body: string | Uint8Array): Representations {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const identity: Representation = { coding: 'identity', bytes, size: bytes.byteLength, etag: entityTagOf(bytes) };
  if (bytes.byteLength < MIN_COMPRESSED_BYTES) return { identity };
  const hash = identity.etag.slice(1, -1);
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
    },
  });
  const gzip = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION });
  return {
    identity,
    br: { coding: 'br', bytes: br, size: br.byteLength, etag: `"${hash}-br"` },
    gzip: { coding: 'gzip', bytes: gzip, size: gzip.byteLength, etag: `"${hash}-gzip"` },
  };
}

/** Negotiates among `representations` by the request's Accept-Encoding and sends the chosen one. */
export function sendNegotiated(
  c: Context,
  representations: Representations,
  options: Omit<SendOptions, 'negotiated'>,
): Promise<Response> {
  const available = (Object.keys(representations) as Coding[]).filter((coding) => representations[coding]);
  const coding = chooseCoding(c.req.header('Accept-Encoding'), available);
  return sendRepresentation(c, representations[coding] ?? representations.identity, {
    ...options,
    negotiated: available.length > 1,
  });
}
