/**
 * Erasing deactivated accounts once their grace period (ACCOUNT_ERASE_GRACE_DAYS) is over: the
 * account and everything kept about it (SecurityStorage.deactivation.erase), every due account in
 * one transaction. The apps the account registered in the Developers section go first, as its own
 * deleting of each would (`clients.remove`): their codes and grants go and every session of theirs
 * ends, so the access tokens other people's use of them holds are refused at once, not only their
 * next refresh (RFC 7009 §2.2: revoking a grant invalidates its tokens). The entry file runs it every ERASE_JOB_INTERVAL_SECONDS, once across instances
 * (services/job-runner.ts); tests run it with their own clock.
 */
import type { Clock } from '../lib/clock.js';
import type { Storage } from '../storage/storage.js';
import { logoSourceOf } from './client-registry.js';

/** Removes the files of a photo source (services/photo-store.ts). */
export interface PhotoRemover {
  remove(source: string): Promise<void>;
}

/** Erases every account due at the clock's now; returns how many. */
export async function eraseDueAccounts(storage: Storage, clock: Clock, photos?: PhotoRemover): Promise<number> {
  const now = clock.now();
  const { erased, files } = await storage.transaction(async (tx) => {
    const due = await tx.deactivation.dueForErase(now);
    const sources: string[] = [];
    for (const user of due) {
      for (const client of await tx.clients.listByOwner(user.id)) {
        await tx.clients.remove(client.id, now, 'owner_erased');
        const logo = logoSourceOf(client.logoUrl);
        if (logo) sources.push(logo);
      }
      await tx.deactivation.erase(user.id);
      await tx.complaints.removeOfUser(user.id);
      await tx.validations.remove(user.id);
      // The saved cards go with the account; their tokens at the processor stay (this job calls nothing outside).
      await tx.cards.removeAll(user.id);
      await tx.passkeys.removeAllForUser(user.id);
      await tx.totpSecrets.removeAllForUser(user.id);
      await tx.recoveryCodes.removeAllForUser(user.id);
      await tx.reviews.removeOfUser(user.id);
      if (user.photo) sources.push(user.photo);
    }
    return { erased: due, files: sources };
  });
  // Files cannot join the transaction, so they go after it commits: a crash in between leaves an
  // unreachable file (its random name is in no row any more), never a row pointing at no file.
  if (photos) for (const source of files) await photos.remove(source);
  return erased.length;
}
