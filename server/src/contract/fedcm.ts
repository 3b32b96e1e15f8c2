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

/** POST /fedcm/frame/nonce/: the account the person tapped, in the frame of `client_id` on the page at `origin`. */
export interface FrameNonceRequest {
  user_uuid: string;
  client_id: string;
  /** The partner page's origin, as the frame confirmed it (GET /oauth/embed_origin/). */
  origin: string;
}

/** The answer: single-use, for `expires_in` seconds, for that account, device, client and origin only. */
export interface FrameJoinNonce {
  nonce: string;
  expires_in: number;
}

/** POST /fedcm/frame/session/: the account to continue as, with the nonce of the tap. */
export interface FrameSessionRequest extends FrameNonceRequest {
  /** Required: without it (or with a spent, stale or another's one) the answer is `403 frame_join_expired`. */
  nonce?: string;
}

/** The answer: the token response (docs/api.md) for the frame's own session, joined under that account's sign-in. */
export type FrameSessionResponse = TokenResponse;
