/**
 * The Developers section's API: the apps a signed-in person registers with Kirish's OAuth provider
 * (docs/api.md, Developers; docs/decisions.md, Who may register an app).
 *
 * GET/POST /developers/apps/, GET/PATCH/DELETE /developers/apps/{client_id}/,
 * POST /developers/apps/{client_id}/secret/. The logo: logo-routes.ts.
 *
 * Another person's app answers exactly as an unknown id does (404 app_not_found), so that nobody
 * learns which ids exist. An app registered here is third-party: it always asks for consent.
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import { DEVELOPER_APPS_PER_ACCOUNT } from '../../config/policy.js';
import type {
  CreatedDeveloperApp,
  DeveloperAppInput,
  DeveloperAppList,
  RotatedSecret,
} from '../../contract/developers.js';
import { ApiError, badRequest } from '../../lib/api-error.js';
import { readJsonBody, requestSchema, v } from '../../lib/validation.js';
import { requireActive } from '../../middleware/require-active.js';
import { requireAuth } from '../../middleware/require-auth.js';
import { recordEvent } from '../../services/audit-log.js';
import {
  clientFieldsOf,
  developerAppView,
  logoSourceOf,
  newClient,
  newClientSecret,
} from '../../services/client-registry.js';
import type { OAuthClient } from '../../storage/storage.js';
import { ownedApp } from './owned-app.js';

/** Long enough for any real address; the JSON body limit bounds the whole anyway. */
const URI_MAX_LENGTH = 2000;

const uri = v.pipe(v.string('invalid_value'), v.maxLength(URI_MAX_LENGTH, 'uri_invalid'));
const uriList = v.array(uri, 'invalid_value');
const kind = v.picklist(['public', 'confidential'], 'invalid_value');
const name = v.pipe(v.string('invalid_value'), v.maxLength(200, 'app_name_too_long'));

const createSchema = requestSchema<DeveloperAppInput>()(
  v.strictObject({
    name,
    home_page: uri,
    privacy_policy_url: uri,
    terms_url: v.optional(v.nullable(uri)),
    redirect_uris: uriList,
    web_origins: uriList,
    post_logout_redirect_uris: v.optional(uriList),
    kind,
  }),
);

const patchSchema = requestSchema<Partial<DeveloperAppInput>>()(
  v.strictObject({
    name: v.optional(name),
    home_page: v.optional(uri),
    privacy_policy_url: v.optional(uri),
    terms_url: v.optional(v.nullable(uri)),
    redirect_uris: v.optional(uriList),
    web_origins: v.optional(uriList),
    post_logout_redirect_uris: v.optional(uriList),
    kind: v.optional(kind),
  }),
);

export function developerAppRoutes({ config, storage, clock, sessions, photos }: RouteDeps) {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(sessions);
  // Plain http to the developer's own machine is fine while developing, never in production (RFC 9700 §2.1).
  const allowLoopbackHttp = config.env !== 'production';

  app.get('/apps/', auth, requireActive, async (c) => {
    const { user } = c.get('auth');
    const apps = await storage.clients.listByOwner(user.id);
    const reason = !user.phone ? 'phone_required' : apps.length >= DEVELOPER_APPS_PER_ACCOUNT ? 'limit_reached' : null;
    return c.json({
      apps: apps.map(developerAppView),
      limit: DEVELOPER_APPS_PER_ACCOUNT,
      can_register: reason === null,
      reason,
    } satisfies DeveloperAppList);
  });

  app.post('/apps/', auth, requireActive, async (c) => {
    const { user, session } = c.get('auth');
    // Accounts' phones are verified when they are set (docs/decisions.md, Who may register an app).
    if (!user.phone) throw new ApiError(403, [{ error: 'developer_phone_required' }]);
    const input = await readJsonBody(c, createSchema);
    const fields = clientFieldsOf(input, allowLoopbackHttp);
    const now = clock.now();
    const created = await storage.transaction(async (tx) => {
      // Counted under the account's lock row, so two requests at once cannot both take the last place.
      await tx.limitLocks.take('developer_apps', user.id, now);
      if ((await tx.clients.countByOwner(user.id)) >= DEVELOPER_APPS_PER_ACCOUNT)
        throw new ApiError(409, [{ error: 'app_limit_reached' }]);
      const made = newClient({ fields, kind: input.kind, ownerId: user.id, firstParty: false, at: now });
      await tx.clients.upsert(made.client);
      await recordEvent(tx, {
        type: 'app_created',
        userId: user.id,
        sessionId: session.id,
        meta: c.get('meta'),
        at: now,
        details: { client_id: made.client.id, name: made.client.name },
      });
      return made;
    });
    return c.json(
      { app: developerAppView(created.client), client_secret: created.secret } satisfies CreatedDeveloperApp,
      201,
    );
  });

  app.get('/apps/:clientId/', auth, requireActive, async (c) => {
    const client = await ownedApp(storage, c.get('auth').user.id, c.req.param('clientId'));
    return c.json({ app: developerAppView(client) });
  });

  app.patch('/apps/:clientId/', auth, requireActive, async (c) => {
    const userId = c.get('auth').user.id;
    const patch = await readJsonBody(c, patchSchema);
    const updated = await storage.transaction(async (tx) => {
      const client = await ownedApp(tx, userId, c.req.param('clientId'));
      // A public app has nowhere to keep a secret; a confidential one's server may rely on it: register anew instead.
      if (patch.kind !== undefined && patch.kind !== client.kind) throw badRequest('app_kind_cannot_change', 'kind');
      const fields = clientFieldsOf(
        {
          name: patch.name ?? client.name,
          home_page: patch.home_page ?? client.homePage ?? '',
          privacy_policy_url: patch.privacy_policy_url ?? client.privacyPolicyUrl ?? '',
          terms_url: patch.terms_url === undefined ? client.termsUrl : patch.terms_url,
          redirect_uris: patch.redirect_uris ?? client.redirectUris,
          web_origins: patch.web_origins ?? client.webOrigins,
          post_logout_redirect_uris: patch.post_logout_redirect_uris ?? client.postLogoutRedirectUris,
        },
        allowLoopbackHttp,
      );
      const next: OAuthClient = { ...client, ...fields, updatedAt: clock.now() };
      await tx.clients.upsert(next);
      return next;
    });
    return c.json({ app: developerAppView(updated) });
  });

  app.delete('/apps/:clientId/', auth, requireActive, async (c) => {
    const { user, session } = c.get('auth');
    const now = clock.now();
    const removed = await storage.transaction(async (tx) => {
      const client = await ownedApp(tx, user.id, c.req.param('clientId'));
      // Its codes and grants go with it and every session it holds ends: no token it has works any more.
      await tx.clients.remove(client.id, now, 'app_deleted');
      await recordEvent(tx, {
        type: 'app_deleted',
        userId: user.id,
        sessionId: session.id,
        meta: c.get('meta'),
        at: now,
        details: { client_id: client.id, name: client.name },
      });
      return client;
    });
    // After the row is gone: a crash in between leaves an orphaned file at worst (photo-routes.ts).
    const logo = logoSourceOf(removed.logoUrl);
    if (logo) await photos.remove(logo);
    return c.body(null, 204);
  });

  app.post('/apps/:clientId/secret/', auth, requireActive, async (c) => {
    const { user, session } = c.get('auth');
    const now = clock.now();
    const rotated = await storage.transaction(async (tx) => {
      const client = await ownedApp(tx, user.id, c.req.param('clientId'));
      if (client.kind === 'public') throw badRequest('client_is_public');
      // The old secret stops working at once: rotating is what one does after a leak.
      const { secret, hash } = newClientSecret();
      await tx.clients.upsert({ ...client, secretHash: hash, secretCreatedAt: now, updatedAt: now });
      await recordEvent(tx, {
        type: 'app_secret_rotated',
        userId: user.id,
        sessionId: session.id,
        meta: c.get('meta'),
        at: now,
        details: { client_id: client.id, name: client.name },
      });
      return { client_id: client.id, client_secret: secret } satisfies RotatedSecret;
    });
    return c.json(rotated);
  });

  return app;
}
