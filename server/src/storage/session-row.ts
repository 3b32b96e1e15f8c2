/** A session's row as its record; shared by the Kysely storage parts. */
import type { Selectable } from 'kysely';
import type { SessionsTable } from './schema.js';
import type { Session, SessionKind } from './records.js';

const optionalTime = (value: number | null): number | null => (value === null ? null : Number(value));

export function toSession(row: Selectable<SessionsTable>): Session {
  return {
    id: row.id,
    userId: row.user_id,
    deviceId: row.device_id,
    userAgent: row.user_agent,
    ip: row.ip,
    source: row.source,
    productSource: row.product_source,
    oauthClientId: row.oauth_client_id,
    save: row.save === 1,
    createdAt: Number(row.created_at),
    lastSeenAt: Number(row.last_seen_at),
    endedAt: optionalTime(row.ended_at),
    endReason: row.end_reason,
    kind: row.kind as SessionKind,
    scope: row.scope,
    authTime: optionalTime(row.auth_time),
  };
}
