/**
 * One built file of a dist folder (dist/app, dist/widget, dist/demo) as an HTTP answer: the brotli or
 * gzip file that `npm run build` wrote beside it (server/scripts/compress-dist.mjs) when the client
 * accepts it, never compressed again here; a strong ETag per coding and 304 on a match; the cache
 * policy the caller names. The static sites use it for every file, the SPA's shell included, so a
 * route that needs another HTML file (a prerendered page) only has to name that file.
 */
import { readFile, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { CODING_SUFFIX, chooseCoding, type Coding } from '../lib/content-coding.js';
import { entityTagOf, sendRepresentation } from '../lib/representation.js';

/**
 * - `immutable`: a file whose name holds the hash of its content (Vite's `assets/*-[hash].js`): a
 *   new build gives new content a new name, so a browser may keep it for a year without asking
 *   (RFC 8246 `immutable`, RFC 9111 §5.2.2.1 `max-age`).
 * - `revalidate`: a file whose name stays while its content changes (index.html, widget.js): a
 *   cache may keep it but must ask first each time (RFC 9111 §5.2.2.4 `no-cache`), and the ETag
 *   makes the answer a bodiless 304 when nothing changed.
 */
export type CachePolicy = 'immutable' | 'revalidate';

const CACHE_CONTROL: Readonly<Record<CachePolicy, string>> = {
  immutable: 'public, max-age=31536000, immutable',
  revalidate: 'no-cache',
};

/** Vite names its output `name-[hash].ext`, the hash 8 characters of base64url. */
const HASHED_NAME = /-[\w-]{8,}\.[a-z0-9]+$/i;

/** The policy for a file of a Vite build: immutable for hashed names under assets/, revalidated otherwise. */
export function cachePolicyOf(file: string): CachePolicy {
  return /(^|\/)assets\//.test(file) && HASHED_NAME.test(file) ? 'immutable' : 'revalidate';
}

export interface DistFileOptions {
  /** The dist folder. */
  root: string;
  /** The file's path inside `root`, `/`-separated: `index.html`, `assets/index-abc123de.js`. */
  file: string;
  cache: CachePolicy;
}

interface Tagged {
  mtimeMs: number;
  size: number;
  etag: string;
}

// The tag of each file read so far, kept while its size and time stay the same: a 304 then costs a
// stat and no read. A rebuild changes both, and the tag is computed again.
const tags = new Map<string, Tagged>();

/** The absolute path of `file` inside `root`, or null for anything that could leave it or is hidden. */
function pathInside(root: string, file: string): string | null {
  const segments = file.split('/');
  // No "..", no empty segment, no dot files (dist/app/.vite holds the build manifest), no backslash.
  if (
    segments.some(
      (segment) => segment === '' || segment.startsWith('.') || segment.includes('\\') || segment.includes('\0'),
    )
  )
    return null;
  const base = resolve(root);
  const path = resolve(base, ...segments);
  return path.startsWith(base + sep) ? path : null;
}

async function fileStats(path: string) {
  try {
    const stats = await stat(path);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

/**
 * The answer for `options.file`, or null when there is no such file (the caller goes on: a 404, or
 * the SPA's shell). Only GET and HEAD reach it.
 */
export async function serveDistFile(c: Context, options: DistFileOptions): Promise<Response | null> {
  const path = pathInside(options.root, options.file);
  const original = path ? await fileStats(path) : null;
  if (!path || !original) return null;

  // A compressed file counts only if it is at least as new as its original: one left over from an
  // older build would serve old code.
  const variants = new Map<Coding, { path: string; mtimeMs: number; size: number }>([
    ['identity', { path, mtimeMs: original.mtimeMs, size: original.size }],
  ]);
  for (const [coding, suffix] of Object.entries(CODING_SUFFIX) as [Coding, string][]) {
    const stats = await fileStats(path + suffix);
    if (stats && stats.mtimeMs >= original.mtimeMs)
      variants.set(coding, { path: path + suffix, mtimeMs: stats.mtimeMs, size: stats.size });
  }
  const coding = chooseCoding(c.req.header('Accept-Encoding'), [...variants.keys()]);
  const chosen = variants.get(coding) ?? { path, mtimeMs: original.mtimeMs, size: original.size };

  let tagged = tags.get(chosen.path);
  let read: Uint8Array | undefined;
  if (!tagged || tagged.mtimeMs !== chosen.mtimeMs || tagged.size !== chosen.size) {
    read = await readFile(chosen.path);
    // Each coding's own bytes give its own tag: a strong tag differs between representations (RFC 9110 §8.8.3).
    tagged = { mtimeMs: chosen.mtimeMs, size: read.byteLength, etag: entityTagOf(read) };
    tags.set(chosen.path, tagged);
  }
  const bytes = read ?? (() => readFile(chosen.path));
  return sendRepresentation(
    c,
    { coding, bytes, size: tagged.size, etag: tagged.etag },
    {
      contentType: getMimeType(options.file) ?? 'application/octet-stream',
      cacheControl: CACHE_CONTROL[options.cache],
      negotiated: variants.size > 1,
    },
  );
}
