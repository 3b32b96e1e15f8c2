/** Demo data for an empty database outside production: one account a newcomer can sign in with. */
import type { Clock } from './lib/clock.js';
import { hashPassword } from './lib/passwords.js';
import { randomId } from './lib/secrets.js';
import type { Storage } from './storage/storage.js';

export const DEMO_ACCOUNT = {
  phone: '+998901234567',
  email: 'demo@kirish.uz',
  password: 'Samarqand-Buxoro-2026',
  firstName: 'Aziza',
  lastName: 'Karimova',
} as const;

/** Creates the demo account unless it exists; returns whether it did. */
export async function seedDemoData(storage: Storage, clock: Clock): Promise<boolean> {
  if (await storage.users.findByPhone(DEMO_ACCOUNT.phone)) return false;
  const now = clock.now();
  await storage.users.insert({
    id: randomId(),
    phone: DEMO_ACCOUNT.phone,
    email: DEMO_ACCOUNT.email,
    emailVerified: true,
    passwordHash: await hashPassword(DEMO_ACCOUNT.password),
    firstName: DEMO_ACCOUNT.firstName,
    lastName: DEMO_ACCOUNT.lastName,
    isInactivated: false,
    createdAt: now,
    updatedAt: now,
    passwordChangedAt: now,
  });
  return true;
}
