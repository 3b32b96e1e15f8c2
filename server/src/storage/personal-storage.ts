/**
 * The personal part of the storage interface (issue 5, "Personal"): the profile fields of an
 * account and its delivery addresses (kysely-personal-storage.ts).
 */
import type { User } from './records.js';

/** The fields of User that the profile form writes, and the photo that its upload replaces. */
export type ProfileChanges = Partial<
  Pick<User, 'firstName' | 'lastName' | 'middleName' | 'username' | 'birthDate' | 'gender' | 'photo'>
>;

export interface Address {
  id: string;
  userId: string;
  label: string | null;
  /** A region id of the regions list (regions.json). */
  region: string;
  /** A district id of that region. */
  district: string;
  street: string;
  house: string;
  apartment: string | null;
  postalCode: string | null;
  isDefault: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface PersonalStorage {
  profiles: {
    /** Writes the given fields (and only those) of the user's row. */
    update(userId: string, changes: ProfileChanges, at: number): Promise<void>;
    /** The account holding `username` (stored lower-cased). */
    findByUsername(username: string): Promise<User | undefined>;
  };

  addresses: {
    /** The user's addresses, the default first, then the newest. */
    listByUser(userId: string): Promise<Address[]>;
    /** The address, only when it is the user's. */
    find(userId: string, id: string): Promise<Address | undefined>;
    countByUser(userId: string): Promise<number>;
    insert(address: Address): Promise<void>;
    /** Writes every field but the owner and the creation time of the user's address `address.id`. */
    update(address: Address): Promise<void>;
    /** Deletes the user's address; false when there was none. */
    remove(userId: string, id: string): Promise<boolean>;
    /** Makes `id` the user's one default address; the previous default stops being one. */
    setDefault(userId: string, id: string, at: number): Promise<void>;
  };
}
