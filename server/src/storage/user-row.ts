/** An account's row and its record, both ways: the accounts part writes it, every part that reads `users` reads it. */
import type { Insertable, Selectable } from 'kysely';
import type { Gender, VerificationStatus } from '../contract/profile.js';
import { flag, integer, isSet, optionalInteger } from './dialect.js';
import type { User } from './records.js';
import type { UsersTable } from './schema.js';

export function toUser(row: Selectable<UsersTable>): User {
  return {
    id: row.id,
    phone: row.phone,
    email: row.email,
    emailVerified: isSet(row.email_verified),
    passwordHash: row.password_hash,
    firstName: row.first_name,
    lastName: row.last_name,
    isInactivated: isSet(row.is_inactivated),
    createdAt: integer(row.created_at),
    updatedAt: integer(row.updated_at),
    passwordChangedAt: optionalInteger(row.password_changed_at),
    middleName: row.middle_name,
    username: row.username,
    birthDate: row.birth_date,
    gender: row.gender as Gender | null,
    photo: row.photo,
    verificationStatus: row.verification_status as VerificationStatus,
    secondaryPhone: row.secondary_phone,
    secondaryEmail: row.secondary_email,
    inactivatedAt: optionalInteger(row.inactivated_at),
    eraseAt: optionalInteger(row.erase_at),
    registrationKind: optionalInteger(row.registration_kind) as User['registrationKind'],
    pinfl: row.pinfl,
  };
}

export function userRow(user: User): Insertable<UsersTable> {
  return {
    id: user.id,
    phone: user.phone,
    email: user.email,
    email_verified: flag(user.emailVerified),
    password_hash: user.passwordHash,
    first_name: user.firstName,
    last_name: user.lastName,
    is_inactivated: flag(user.isInactivated),
    created_at: user.createdAt,
    updated_at: user.updatedAt,
    password_changed_at: user.passwordChangedAt,
    middle_name: user.middleName,
    username: user.username,
    birth_date: user.birthDate,
    gender: user.gender,
    photo: user.photo,
    verification_status: user.verificationStatus,
    secondary_phone: user.secondaryPhone,
    secondary_email: user.secondaryEmail,
    inactivated_at: user.inactivatedAt,
    erase_at: user.eraseAt,
    registration_kind: user.registrationKind,
    pinfl: user.pinfl,
  };
}
