/**
 * GET /cdn/{size}/{source} : the images of docs/product.md §9 (`{cdn}/{size}/{source}`), outside the API.
 * A source is a name the photo store generated and is new on every upload, so an answer never
 * changes and may be kept for a year. Only sizes and names of the exact expected shape are looked
 * up (services/photo-store.ts): `..`, encoded slashes and absolute paths are simply not found.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { ApiError } from '../../lib/api-error.js';
import { isImageSize, type PhotoStore } from '../../services/photo-store.js';

const notFound = () => new ApiError(404, [{ error: 'not_found' }]);

export function cdnRoutes(photos: PhotoStore) {
  const app = new Hono<AppEnv>();
  app.get('/:size/:source{.+}', async (c) => {
    const size = c.req.param('size');
    if (!isImageSize(size)) throw notFound();
    const image = await photos.read(size, c.req.param('source'));
    if (!image) throw notFound();
    c.header('Content-Type', 'image/webp');
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('X-Content-Type-Options', 'nosniff');
    // Images may be shown by the CDN site and other Kirish pages on another origin; the names are
    // unguessable, so allowing cross-origin embedding reveals nothing a link would not.
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    return c.body(new Uint8Array(image));
  });
  return app;
}
