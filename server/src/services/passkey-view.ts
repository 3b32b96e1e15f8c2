/** A stored passkey as GET /user/passkeys/ shows it (contract/passkeys.ts). */
import type { PasskeyView } from '../contract/passkeys.js';
import type { Passkey } from '../storage/storage.js';

export function passkeyView(passkey: Passkey): PasskeyView {
  return {
    id: passkey.id,
    name: passkey.name,
    created_at: new Date(passkey.createdAt).toISOString(),
    last_used_at: passkey.lastUsedAt === null ? null : new Date(passkey.lastUsedAt).toISOString(),
    backed_up: passkey.backupState,
  };
}
