/**
 * Erasing deactivated accounts once their grace period (ACCOUNT_ERASE_GRACE_DAYS) is over: the
 * account and everything kept about it (SecurityStorage.deactivation.erase), every due account in
 * one transaction. The entry file runs it every ERASE_JOB_INTERVAL_SECONDS, once across instances
 * (services/job-runner.ts); tests run it with their own clock.
 */
import type { Clock } from '../lib/clock.js';
import type { Storage } from '../storage/storage.js';

/** Removes the files of a photo source (services/photo-store.ts). */
export interface PhotoRemover {
  remove(source: string): Promise<void>;
}

/** Erases every account due at the clock's now; returns how many. */
export async function eraseDueAccounts(storage: Storage, clock: Clock, photos?: PhotoRemover): Promise<number> {
  const now = clock.now();
  const erased = await storage.transaction(async (tx) => {
    const due = await tx.deactivation.dueForErase(now);
    for (const user of due) await tx.deactivation.erase(user.id);
    return due;
  });
  // Files cannot join the transaction, so they go after it commits: a crash in between leaves an
  // unreachable file (its random name is in no row any more), never a row pointing at no file.
  for (const user of erased) if (user.photo && photos) await photos.remove(user.photo);
  return erased.length;
}
