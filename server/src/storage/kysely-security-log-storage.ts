/** The security log over Kysely: an account's events, newest first (UUIDv7 ids break ties in time). */
import type { Kysely, Selectable } from 'kysely';
import { integer } from './dialect.js';
import type { AuditEventsTable, Database } from './schema.js';
import type { AuditDetails, AuditEvent, SecurityLogStorage } from './security-log-storage.js';

function toAuditEvent(row: Selectable<AuditEventsTable>): AuditEvent {
  return {
    id: row.id,
    userId: row.user_id,
    type: row.type,
    createdAt: integer(row.created_at),
    ip: row.ip,
    userAgent: row.user_agent,
    sessionId: row.session_id,
    details: JSON.parse(row.details) as AuditDetails,
  };
}

export function securityLogStorageOn(db: Kysely<Database>): SecurityLogStorage {
  return {
    auditLog: {
      async insert(event) {
        await db
          .insertInto('audit_events')
          .values({
            id: event.id,
            user_id: event.userId,
            type: event.type,
            created_at: event.createdAt,
            ip: event.ip,
            user_agent: event.userAgent,
            session_id: event.sessionId,
            details: JSON.stringify(event.details),
          })
          .execute();
      },
      async list(userId, offset, limit) {
        const rows = await db
          .selectFrom('audit_events')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute();
        return rows.map(toAuditEvent);
      },
      async count(userId) {
        const row = await db
          .selectFrom('audit_events')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        return integer(row.count);
      },
      async latestOfType(userId, type) {
        // The index on (user_id, created_at) narrows it to the account; its events are few.
        const row = await db
          .selectFrom('audit_events')
          .select((eb) => eb.fn.max('created_at').as('latest'))
          .where('user_id', '=', userId)
          .where('type', '=', type)
          .executeTakeFirst();
        return row?.latest === null || row?.latest === undefined ? null : integer(row.latest);
      },
      async signInMethods(userId, sessionIds) {
        const methods = new Map<string, string>();
        if (sessionIds.length === 0) return methods;
        // The index on (user_id, created_at) narrows it to the account; its events are few.
        const rows = await db
          .selectFrom('audit_events')
          .select(['session_id', 'details'])
          .where('user_id', '=', userId)
          .where('type', '=', 'login')
          .where('session_id', 'in', [...sessionIds])
          .execute();
        for (const row of rows) {
          const { method } = JSON.parse(row.details) as AuditDetails;
          if (row.session_id !== null && typeof method === 'string') methods.set(row.session_id, method);
        }
        return methods;
      },
    },
  };
}
