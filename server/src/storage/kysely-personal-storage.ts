/**
 * The personal part of the storage over Kysely: the profile fields of an account and its delivery
 * addresses. Every query of an address names its owner, so no id alone reaches another account's row.
 */
import type { Kysely, Selectable, Updateable } from 'kysely';
import { deleted, FALSE, flag, integer, isSet, TRUE } from './dialect.js';
import type { Address, PersonalStorage } from './personal-storage.js';
import type { AddressesTable, Database, UsersTable } from './schema.js';
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
    isDefault: isSet(row.is_default),
    createdAt: integer(row.created_at),
    updatedAt: integer(row.updated_at),
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
        const row = await db
          .selectFrom('addresses')
          .selectAll()
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        return row && toAddress(row);
      },
      async countByUser(userId) {
        const row = await db
          .selectFrom('addresses')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        return integer(row.count);
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
            is_default: flag(address.isDefault),
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
            is_default: flag(address.isDefault),
            updated_at: address.updatedAt,
          })
          .where('id', '=', address.id)
          .where('user_id', '=', address.userId)
          .execute();
      },
      async remove(userId, id) {
        const result = await db
          .deleteFrom('addresses')
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        return deleted(result);
      },
      async setDefault(userId, id, at) {
        // The old default goes first: the unique index allows one default per account at any moment.
        await db
          .updateTable('addresses')
          .set({ is_default: FALSE, updated_at: at })
          .where('user_id', '=', userId)
          .where('is_default', '=', TRUE)
          .where('id', '!=', id)
          .execute();
        await db
          .updateTable('addresses')
          .set({ is_default: TRUE, updated_at: at })
          .where('user_id', '=', userId)
          .where('id', '=', id)
          .where('is_default', '=', FALSE)
          .execute();
      },
    },
  };
}
