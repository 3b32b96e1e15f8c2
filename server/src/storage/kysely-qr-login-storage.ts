/** Sign-in requests by QR over Kysely (qr-login-storage.ts, migration 0017): each change one conditional UPDATE. */
import type { Kysely, Selectable } from 'kysely';
import { changed, flag, integer, isSet, optionalInteger } from './dialect.js';
import type { QrLoginRequest, QrLoginState, QrLoginStorage } from './qr-login-storage.js';
import type { QrLoginRequestsTable } from './qr-login-schema.js';
import type { Database } from './schema.js';

const LIVE_STATES: QrLoginState[] = ['pending', 'scanned'];

function fromRow(row: Selectable<QrLoginRequestsTable>): QrLoginRequest {
  const [first = '', second = '', third = ''] = row.numbers.split(',');
  return {
    id: row.id,
    secretHash: row.secret_hash,
    number: row.number,
    numbers: [first, second, third],
    userAgent: row.user_agent,
    ip: row.ip,
    place: row.place,
    deviceId: row.device_id,
    createdAt: integer(row.created_at),
    expiresAt: integer(row.expires_at),
    state: row.state as QrLoginState,
    userId: row.user_id,
    save: isSet(row.save),
    decidedAt: optionalInteger(row.decided_at),
    consumedAt: optionalInteger(row.consumed_at),
  };
}

export function qrLoginStorageOn(db: Kysely<Database>): QrLoginStorage {
  /** A live request (pending or scanned, not expired at `at`) moved to `state`, with `set` beside it. */
  async function moveLive(id: string, at: number, set: Partial<QrLoginRequestsTable>): Promise<boolean> {
    const result = await db
      .updateTable('qr_login_requests')
      .set({ ...set, decided_at: at })
      .where('id', '=', id)
      .where('state', 'in', LIVE_STATES)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return changed(result);
  }

  return {
    qrLogins: {
      async insert(request) {
        await db
          .insertInto('qr_login_requests')
          .values({
            id: request.id,
            secret_hash: request.secretHash,
            number: request.number,
            numbers: request.numbers.join(','),
            user_agent: request.userAgent,
            ip: request.ip,
            place: request.place,
            device_id: request.deviceId,
            created_at: request.createdAt,
            expires_at: request.expiresAt,
            state: request.state,
            user_id: request.userId,
            save: flag(request.save),
            decided_at: request.decidedAt,
            consumed_at: request.consumedAt,
          })
          .execute();
      },

      async find(id) {
        const row = await db.selectFrom('qr_login_requests').selectAll().where('id', '=', id).executeTakeFirst();
        return row ? fromRow(row) : undefined;
      },

      async markScanned(id, at) {
        const result = await db
          .updateTable('qr_login_requests')
          .set({ state: 'scanned' })
          .where('id', '=', id)
          .where('state', '=', 'pending')
          .where('expires_at', '>', at)
          .executeTakeFirst();
        return changed(result);
      },

      approve: (id, { userId, save, at }) => moveLive(id, at, { state: 'approved', user_id: userId, save: flag(save) }),

      close: (id, state, at) => moveLive(id, at, { state }),

      async consume(id, at) {
        const result = await db
          .updateTable('qr_login_requests')
          .set({ consumed_at: at })
          .where('id', '=', id)
          .where('state', '=', 'approved')
          .where('consumed_at', 'is', null)
          .executeTakeFirst();
        return changed(result);
      },

      async sweep(before) {
        const result = await db.deleteFrom('qr_login_requests').where('expires_at', '<', before).executeTakeFirst();
        return Number(result.numDeletedRows);
      },
    },
  };
}
