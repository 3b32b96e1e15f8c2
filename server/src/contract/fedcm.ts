/**
 * The embed frame's calls on the storage-access path (docs/fedcm.md): the SPA inside a partner's
 * frame, after document.requestStorageAccess(), lists the accounts the `_idp` cookie vouches for and
 * joins the session of the one the person picks. The FedCM endpoints themselves answer the browser in
 * the shapes of the FedCM specification, not in types of this contract.
 */
import type { DeviceProfile } from './device-profiles.js';
import type { TokenResponse } from './tokens.js';

/** GET /fedcm/frame/accounts/: the vouched accounts, the most recently used first, `photo` included. */
export interface FrameAccounts {
  accounts: DeviceProfile[];
}

/** POST /fedcm/frame/session/: the account to continue as. */
export interface FrameSessionRequest {
  user_uuid: string;
}

/** The answer: SPEC §3's token response for that account's own session on this device. */
export type FrameSessionResponse = TokenResponse;
