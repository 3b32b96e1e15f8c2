/**
 * GET /common/api/v1/FrontendTranslation/{locale}/?source=id (docs/product.md §7): the flat key -> text map of
 * one locale. The `source` query names the calling front end and does not change the answer.
 *
 * A catalogue is 19–28 kB of JSON that every first page waits for: it is encoded once per locale
 * (brotli, gzip) and kept, and its ETag is the hash of its texts, so a new version of the texts
 * gets a new tag and an unchanged one a 304 (RFC 9110 §8.8.3, §13.1.2).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { ApiError } from '../../lib/api-error.js';
import { isLocale, type Locale } from '../../lib/locales.js';
import { encodeRepresentations, sendNegotiated, type Representations } from '../../lib/representation.js';
import { catalogues } from '../../services/translations.js';

export function translationRoutes() {
  const encoded = new Map<Locale, Representations>();
  const app = new Hono<AppEnv>();
  app.get('/FrontendTranslation/:locale/', (c) => {
    const locale = c.req.param('locale');
    if (!isLocale(locale)) throw new ApiError(404, [{ error: 'locale_not_found' }]);
    let representations = encoded.get(locale);
    if (!representations) {
      representations = encodeRepresentations(JSON.stringify(catalogues[locale]));
      encoded.set(locale, representations);
    }
    return sendNegotiated(c, representations, { contentType: 'application/json', cacheControl: 'public, max-age=300' });
  });
  return app;
}
