/**
 * PersonalStorage over Kysely, for SQLite and PostgreSQL alike (see kysely-storage.ts). Every
 * query of an address names its owner, so no id alone ever reaches another account's row.
 */
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Address, PersonalStorage } from './personal-storage.js';
import type { AddressesTable, Database, UsersTable } from './schema.js';
import { toSession } from './session-row.js';
import { toUser } from './user-row.js';

function toAddress(row: Selectable<AddressesTable>): Address {
  return {
    id: row.id,
    userId: row.user_id,
    label: row.label,
    region: row.region,
    district: row.district,
    street: row.street,
    house: row.house,
    apartment: row.apartment,
    postalCode: row.postal_code,
    isDefault: row.is_default === 1,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export function personalStorageOn(db: Kysely<Database>): PersonalStorage {
  return {
    profiles: {
      async update(userId, changes, at) {
        const set: Updateable<UsersTable> = { updated_at: at };
        if (changes.firstName !== undefined) set.first_name = changes.firstName;
        if (changes.lastName !== undefined) set.last_name = changes.lastName;
        if (changes.middleName !== undefined) set.middle_name = changes.middleName;
        if (changes.username !== undefined) set.username = changes.username;
        if (changes.birthDate !== undefined) set.birth_date = changes.birthDate;
        if (changes.gender !== undefined) set.gender = changes.gender;
        if (changes.photo !== undefined) set.photo = changes.photo;
        await db.updateTable('users').set(set).where('id', '=', userId).execute();
      },
      async findByUsername(username) {
        const row = await db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
        return row && toUser(row);
      },
    },

    addresses: {
      async listByUser(userId) {
        const rows = await db
          .selectFrom('addresses')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('is_default', 'desc')
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute();
        return rows.map(toAddress);
      },
      async find(userId, id) {
        const row = await db.selectFrom('addresses').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
        return row && toAddress(row);
      },
      async countByUser(userId) {
        const row = await db
          .selectFrom('addresses')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        return Number(row.count);
      },
      async insert(address) {
        await db
          .insertInto('addresses')
          .values({
            id: address.id,
            user_id: address.userId,
            label: address.label,
            region: address.region,
            district: address.district,
            street: address.street,
            house: address.house,
            apartment: address.apartment,
            postal_code: address.postalCode,
            is_default: address.isDefault ? 1 : 0,
            created_at: address.createdAt,
            updated_at: address.updatedAt,
          })
          .execute();
      },
      async update(address) {
        await db
          .updateTable('addresses')
          .set({
            label: address.label,
            region: address.region,
            district: address.district,
            street: address.street,
            house: address.house,
            apartment: address.apartment,
            postal_code: address.postalCode,
            is_default: address.isDefault ? 1 : 0,
            updated_at: address.updatedAt,
          })
          .where('id', '=', address.id)
          .where('user_id', '=', address.userId)
          .execute();
      },
      async remove(userId, id) {
        const result = await db.deleteFrom('addresses').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
        return result.numDeletedRows > 0n;
      },
      async setDefault(userId, id, at) {
        // The old default goes first: the unique index allows one default per account at any moment.
        await db
          .updateTable('addresses')
          .set({ is_default: 0, updated_at: at })
          .where('user_id', '=', userId)
          .where('is_default', '=', 1)
          .where('id', '!=', id)
          .execute();
        await db
          .updateTable('addresses')
          .set({ is_default: 1, updated_at: at })
          .where('user_id', '=', userId)
          .where('id', '=', id)
          .where('is_default', '=', 0)
          .execute();
      },
    },

    sessionHistory: {
      async listByUser(userId) {
        const rows = await db
          .selectFrom('sessions')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute();
        return rows.map(toSession);
      },
    },
  };
}
