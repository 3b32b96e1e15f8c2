/** Reads the SPA's build manifest: which chunks a route loads, and their gzip sizes. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const APP_DIST = fileURLToPath(new URL('../../dist/app/', import.meta.url));

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  src?: string;
}

export type Manifest = Record<string, ManifestChunk>;

export function readManifest(): Manifest {
  return JSON.parse(readFileSync(`${APP_DIST}.vite/manifest.json`, 'utf8')) as Manifest;
}

/** The chunk of `key` and every chunk it imports statically, as file names. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

export function gzipBytes(file: string): number {
  return gzipSync(readFileSync(`${APP_DIST}${file}`)).length;
}
