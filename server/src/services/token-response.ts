import type { TokenResponse } from '../contract/tokens.js';
import type { User } from '../storage/records.js';
import type { StartedSession } from './session-service.js';

/** The token response of docs/product.md §3: access, refresh, user_uuid, has_phone, session. */
export function tokenResponse(user: User, started: StartedSession, access: string): TokenResponse {
  return {
    access,
    refresh: started.refresh,
    user_uuid: user.id,
    has_phone: user.phone !== null,
    session: started.session.id,
  };
}
