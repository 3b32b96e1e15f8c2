/** A session's row and its record, both ways: the sessions part writes it; the personal and security parts read it too. */
import type { Insertable, Selectable } from 'kysely';
import { flag, integer, isSet, jsonList, optionalInteger, optionalList } from './dialect.js';
import type { SessionsTable } from './schema.js';
import type { Session, SessionKind } from './records.js';

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
    save: isSet(row.save),
    createdAt: integer(row.created_at),
    lastSeenAt: integer(row.last_seen_at),
    endedAt: optionalInteger(row.ended_at),
    endReason: row.end_reason,
    kind: row.kind as SessionKind,
    scope: row.scope,
    authTime: optionalInteger(row.auth_time),
    parentSessionId: row.parent_session_id,
    partnerOrigin: row.partner_origin,
    amr: optionalList(row.amr),
    acr: row.acr,
  };
}

export function sessionRow(session: Session): Insertable<SessionsTable> {
  return {
    id: session.id,
    user_id: session.userId,
    device_id: session.deviceId,
    user_agent: session.userAgent,
    ip: session.ip,
    source: session.source,
    product_source: session.productSource,
    oauth_client_id: session.oauthClientId,
    save: flag(session.save),
    created_at: session.createdAt,
    last_seen_at: session.lastSeenAt,
    ended_at: session.endedAt,
    end_reason: session.endReason,
    kind: session.kind,
    scope: session.scope,
    auth_time: session.authTime,
    parent_session_id: session.parentSessionId,
    partner_origin: session.partnerOrigin,
    amr: jsonList(session.amr),
    acr: session.acr,
  };
}
