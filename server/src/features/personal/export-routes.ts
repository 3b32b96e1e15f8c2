/**
 * GET /user/export/ : everything Kirish keeps about the signed-in person, as one JSON file to
 * download (the right of access and to data portability: GDPR Art. 15 and 20, and Uzbekistan's
 * law on personal data, Art. 30). Open to a deactivated account too, which may want its data before
 * it is erased. Secrets never leave: password and token hashes, codes and proofs are not part of
 * any view used here.
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { DataExport, ExportedApp, ExportedSession } from '../../contract/data-export.js';
import { parseUserAgent } from '../../lib/user-agent.js';
import { requireAuth } from '../../middleware/require-auth.js';
import { eventView } from '../../services/audit-log.js';
import { profileOf } from '../../services/profile-view.js';
import { linkedIdentitiesOf } from '../../services/social/linked-identities.js';
import { twoStepStatus } from '../../services/two-step.js';
import type { Session } from '../../storage/records.js';
import type { OAuthClient, Storage } from '../../storage/storage.js';
import { passkeyView } from '../../services/passkey-view.js';
import { addressView } from './address-routes.js';

function sessionView(session: Session): ExportedSession {
  const { device, browser, os } = parseUserAgent(session.userAgent);
  return {
    id: session.id,
    kind: session.kind,
    device,
    browser,
    os,
    ip: session.ip,
    source: session.source,
    client_id: session.kind === 'oauth' ? session.oauthClientId : null,
    created_at: new Date(session.createdAt).toISOString(),
    last_active_at: new Date(session.lastSeenAt).toISOString(),
    ended_at: session.endedAt === null ? null : new Date(session.endedAt).toISOString(),
    end_reason: session.endReason,
  };
}

/** An app the person registered, listed field by field so that a secret's hash can never slip in. */
function registeredAppView(client: OAuthClient): ExportedApp {
  return {
    client_id: client.id,
    name: client.name,
    kind: client.kind,
    home_page: client.homePage ?? '',
    privacy_policy_url: client.privacyPolicyUrl ?? '',
    terms_url: client.termsUrl,
    redirect_uris: [...client.redirectUris],
    web_origins: [...client.webOrigins],
    post_logout_redirect_uris: [...client.postLogoutRedirectUris],
    created_at: new Date(client.createdAt).toISOString(),
    updated_at: new Date(client.updatedAt).toISOString(),
  };
}

/** The whole security log of the account, newest first. */
async function auditLogForExport(tx: Storage, userId: string) {
  const events = await tx.auditLog.list(userId, 0, await tx.auditLog.count(userId));
  return events.map(eventView);
}

export function exportRoutes({ storage, clock, sessions, grants }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/export/', requireAuth(sessions), async (c) => {
    const userId = c.get('auth').user.id;
    const exportedAt = new Date(clock.now()).toISOString();
    // One transaction: one consistent picture, not a profile from before a change and a log from after it.
    const data = await storage.transaction(async (tx) => {
      const user = (await tx.users.findById(userId)) ?? c.get('auth').user;
      return {
        exported_at: exportedAt,
        profile: profileOf(user),
        addresses: (await tx.addresses.listByUser(userId)).map(addressView),
        sessions: (await tx.sessionHistory.listByUser(userId)).map(sessionView),
        registered_apps: (await tx.clients.listByOwner(userId)).map(registeredAppView),
        linked_identities: await linkedIdentitiesOf(tx, userId),
        passkeys: (await tx.passkeys.listForUser(userId)).map(passkeyView),
        two_step: await twoStepStatus(tx, userId),
        audit_log: await auditLogForExport(tx, userId),
      };
    });
    const apps = (await grants.list(userId)).map((grant) => ({
      client_id: grant.clientId,
      name: grant.name,
      scopes: grant.scopes,
      created_at: new Date(grant.createdAt).toISOString(),
    }));
    c.header('Content-Disposition', `attachment; filename="kirish-data-${exportedAt.slice(0, 10)}.json"`);
    return c.json({
      exported_at: data.exported_at,
      profile: data.profile,
      addresses: data.addresses,
      sessions: data.sessions,
      grants: apps,
      registered_apps: data.registered_apps,
      linked_identities: data.linked_identities,
      passkeys: data.passkeys,
      two_step: data.two_step,
      audit_log: data.audit_log,
    } satisfies DataExport);
  });

  return app;
}
