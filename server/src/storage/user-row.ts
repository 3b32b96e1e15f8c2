/** An account's row and its record, both ways; shared by the Kysely storage parts. */
import type { Insertable, Selectable } from 'kysely';
import type { Gender, VerificationStatus } from '../contract/profile.js';
import type { User } from './records.js';
import type { UsersTable } from './schema.js';

const optionalTime = (value: number | null): number | null => (value === null ? null : Number(value));

export function toUser(row: Selectable<UsersTable>): User {
  return {
    id: row.id,
    phone: row.phone,
    email: row.email,
    emailVerified: row.email_verified === 1,
    passwordHash: row.password_hash,
    firstName: row.first_name,
    lastName: row.last_name,
    isInactivated: row.is_inactivated === 1,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    passwordChangedAt: optionalTime(row.password_changed_at),
    middleName: row.middle_name,
    username: row.username,
    birthDate: row.birth_date,
    gender: row.gender as Gender | null,
    photo: row.photo,
    verificationStatus: row.verification_status as VerificationStatus,
    secondaryPhone: row.secondary_phone,
    secondaryEmail: row.secondary_email,
    inactivatedAt: optionalTime(row.inactivated_at),
    eraseAt: optionalTime(row.erase_at),
  };
}

export function userRow(user: User): Insertable<UsersTable> {
  return {
    id: user.id,
    phone: user.phone,
    email: user.email,
    email_verified: user.emailVerified ? 1 : 0,
    password_hash: user.passwordHash,
    first_name: user.firstName,
    last_name: user.lastName,
    is_inactivated: user.isInactivated ? 1 : 0,
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
  };
}
