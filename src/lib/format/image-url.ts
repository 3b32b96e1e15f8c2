/** Image addresses on the CDN. */

/**
 * The image rule of docs/product.md §9: `{cdn}/{size}/{source}`, size 100x unless given, a source starting with http as it is.
 * Exactly one slash joins the parts: a trailing slash of `cdn` and leading slashes of `source` are dropped.
 * An empty source (no image) gives '' so callers can fall back to a placeholder; an empty size means 100x.
 */
export function imageUrl(source: string, cdn: string, size = '100x'): string {
  const src = source.trim();
  if (src === '') return '';
  if (/^http/i.test(src)) return src;
  return `${cdn.trim().replace(/\/+$/, '')}/${size || '100x'}/${src.replace(/^\/+/, '')}`;
}
