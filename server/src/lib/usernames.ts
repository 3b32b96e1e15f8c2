/**
 * Usernames (docs/decisions.md, Personal data): stored trimmed and lower-cased, 3 to 32 of the Latin
 * letters, digits, dots and underscores, unique among accounts. The profile form and the live
 * availability check refuse a malformed one with the same keys (docs/product.md §5).
 */

export const USERNAME_MIN_LENGTH = 3;
const USERNAME = /^[a-z0-9_.]{3,32}$/;

/** The key of docs/product.md §8's catalogue that refuses a username's shape (not its being taken). */
export type UsernameProblem = 'username_min_length' | 'invalid_username';

/** The username as stored, or what is wrong with its shape. */
export function checkUsername(raw: string): { username: string } | { problem: UsernameProblem } {
  const username = raw.trim().toLowerCase();
  if ([...username].length < USERNAME_MIN_LENGTH) return { problem: 'username_min_length' };
  if (!USERNAME.test(username)) return { problem: 'invalid_username' };
  return { username };
}
