/**
 * What the registry tells the SPA about a client, without authentication.
 *
 * GET /oauth/app_info/: what the consent screen shows of a client.
 *
 * GET /oauth/embed_origin/: whether a page may embed Kirish sign-in for a client. The SPA, when it
 * runs in a frame, asks this before it posts anything to the parent origin it was handed, and posts
 * only to the origin this confirms, never to "*" (docs/product.md §12): a message carries
 * sign-in results, and postMessage delivers it to whatever page the frame sits in.
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { EmbedOrigin } from '../../contract/app-info.js';
import { badRequest } from '../../lib/api-error.js';
import { isSerializedOrigin } from '../../lib/origins.js';
import { parseWith, v } from '../../lib/validation.js';
import { appInfoOf } from '../../services/app-info.js';

// Missing parameters get the same keys as wrong ones: to the SPA both mean "do not post".
const embedOriginQuery = v.strictObject({
  client_id: v.optional(v.string(), ''),
  origin: v.optional(v.string(), ''),
});

const appInfoQuery = v.strictObject({ client_id: v.optional(v.string(), '') });

export function clientRoutes({ storage }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/app_info/', async (c) => {
    const { client_id: clientId } = parseWith(appInfoQuery, c.req.query());
    // RFC 6749 §3.1: a parameter must not be sent twice.
    const repeated = (c.req.queries('client_id')?.length ?? 0) > 1;
    const client = clientId === '' || repeated ? undefined : await storage.clients.find(clientId);
    if (!client) throw badRequest('invalid_client', 'client_id');
    return c.json(appInfoOf(client));
  });

  // CORS (Fetch standard, §3.2): the widget's loader asks this from the partner's page before it
  // frames anything (widget/mount.ts), to report a refused origin instead of a broken frame. The
  // answer holds only public facts — whether a client id exists and lists an origin, which the
  // embed page's frame-ancestors tells any visitor anyway — and no credentials are sent or
  // allowed (no Access-Control-Allow-Credentials), so any page may read it. The Origin is echoed
  // rather than "*" so the answer stays per origin, which Vary says to caches.
  app.use('/embed_origin/', async (c, next) => {
    await next();
    const origin = c.req.header('origin');
    if (origin) c.header('Access-Control-Allow-Origin', origin);
    c.header('Vary', 'Origin', { append: true });
  });

  app.get('/embed_origin/', async (c) => {
    const query = parseWith(embedOriginQuery, c.req.query());
    // RFC 6749 §3.1: a parameter must not be sent twice; which copy counts would be a guess.
    const repeated = (name: string) => (c.req.queries(name)?.length ?? 0) > 1;

    const client =
      query.client_id === '' || repeated('client_id') ? undefined : await storage.clients.find(query.client_id);
    if (!client) throw badRequest('invalid_client', 'client_id');

    // Exact string equality of serializations (RFC 6454 §5 compares origins as scheme, host and
    // port; the serialized form makes that a string comparison). No prefixes, patterns or
    // normalising of what was sent: a near miss is another site.
    const { origin } = query;
    if (repeated('origin') || !isSerializedOrigin(origin) || !client.webOrigins.includes(origin)) {
      throw badRequest('origin_not_allowed', 'origin');
    }
    return c.json({ client_id: client.id, origin } satisfies EmbedOrigin);
  });

  return app;
}
