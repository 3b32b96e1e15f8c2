/**
 * The apps a user has let in: consent, remembered per user, client and scope, until the user takes
 * it back. Taking it back also ends every session that app holds for the user, so its tokens stop
 * working at once rather than when they expire.
 */
import type { Clock } from '../lib/clock.js';
import type { RequestMeta } from '../lib/request-meta.js';
import type { Storage } from '../storage/storage.js';
import { recordEvent } from './audit-log.js';
import { SUPPORTED_SCOPES } from './scopes.js';

export interface ClientGrants {
  clientId: string;
  name: string;
  logoUrl: string | null;
  /** In the order of SUPPORTED_SCOPES. */
  scopes: string[];
  /** When the user first consented to this client. */
  createdAt: number;
}

export interface GrantService {
  /** The user's grants, one entry per client, the most recently granted client first. */
  list(userId: string): Promise<ClientGrants[]>;
  /**
   * Forgets the user's consent to the client and ends the client's sessions for the user, and logs
   * it (when there was something to take back) as done from the sign-in `by`.
   */
  revoke(
    userId: string,
    clientId: string,
    by: { sessionId: string; meta: Pick<RequestMeta, 'ip' | 'userAgent'> },
  ): Promise<void>;
}

const scopeOrder = (scope: string) => {
  const index = (SUPPORTED_SCOPES as readonly string[]).indexOf(scope);
  return index < 0 ? SUPPORTED_SCOPES.length : index;
};

export function createGrantService(storage: Storage, clock: Clock): GrantService {
  return {
    async list(userId) {
      const byClient = new Map<string, { scopes: string[]; createdAt: number }>();
      for (const grant of await storage.grants.listByUser(userId)) {
        const entry = byClient.get(grant.clientId) ?? { scopes: [], createdAt: grant.createdAt };
        entry.scopes.push(grant.scope);
        entry.createdAt = Math.min(entry.createdAt, grant.createdAt);
        byClient.set(grant.clientId, entry);
      }
      const list = await Promise.all(
        [...byClient].map(async ([clientId, entry]) => {
          const client = await storage.clients.find(clientId);
          return {
            clientId,
            name: client?.name ?? clientId,
            logoUrl: client?.logoUrl ?? null,
            scopes: entry.scopes.toSorted((a, b) => scopeOrder(a) - scopeOrder(b) || a.localeCompare(b)),
            createdAt: entry.createdAt,
          };
        }),
      );
      return list.toSorted((a, b) => b.createdAt - a.createdAt || a.clientId.localeCompare(b.clientId));
    },

    async revoke(userId, clientId, by) {
      const now = clock.now();
      // Both or neither: a forgotten consent with live tokens, or the reverse, would be a lie on the account page.
      await storage.transaction(async (tx) => {
        const scopes = await tx.grants.remove(userId, clientId);
        const ended = await tx.sessions.endAllForClient(userId, clientId, now, 'grant_revoked');
        if (scopes === 0 && ended === 0) return;
        const name = (await tx.clients.find(clientId))?.name ?? clientId;
        await recordEvent(tx, {
          type: 'grant_revoked',
          userId,
          sessionId: by.sessionId,
          meta: by.meta,
          at: now,
          details: { client_id: clientId, name, ended_sessions: ended },
        });
      });
    },
  };
}
