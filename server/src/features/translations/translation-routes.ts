/**
 * GET /common/api/v1/FrontendTranslation/{locale}/?source=id (SPEC §7): the flat key -> text map of
 * one locale. The `source` query names the calling front end and does not change the answer.
 */
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import type { AppEnv } from '../../app-env.js';
import { ApiError } from '../../lib/api-error.js';
import { isLocale } from '../../lib/locales.js';
import { catalogues } from './translations.js';

export function translationRoutes() {
  const app = new Hono<AppEnv>();
  app.use('/FrontendTranslation/*', etag());
  app.get('/FrontendTranslation/:locale/', (c) => {
    const locale = c.req.param('locale');
    if (!isLocale(locale)) throw new ApiError(404, [{ error: 'locale_not_found' }]);
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(catalogues[locale]);
  });
  return app;
}
