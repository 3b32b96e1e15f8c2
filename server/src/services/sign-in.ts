/**
 * A sign-in's last step, alike for every way in: the session (services/session-service.ts) and its
 * security-log line with the method, inside the caller's transaction. The tokens are signed after it
 * commits (token-response.ts).
 */
import type { RequestMeta } from '../lib/request-meta.js';
import type { User } from '../storage/records.js';
import type { Storage } from '../storage/storage.js';
import { recordEvent } from './audit-log.js';
import type { SessionService, StartedSession } from './session-service.js';

export async function startSignIn(
  tx: Storage,
  sessions: Pick<SessionService, 'start'>,
  sign: {
    user: User;
    meta: RequestMeta;
    save: boolean;
    method: string;
    at: number;
    second?: string;
    /** RFC 8176 values (services/amr.ts), for the ID tokens of the clients this sign-in authorizes. */
    amr: readonly string[] | null;
  },
): Promise<StartedSession> {
  const started = await sessions.start(tx, sign.user, sign.meta, sign.save, sign.amr);
  await recordEvent(tx, {
    type: 'login',
    userId: sign.user.id,
    sessionId: started.session.id,
    meta: sign.meta,
    at: sign.at,
    details: sign.second === undefined ? { method: sign.method } : { method: sign.method, second: sign.second },
  });
  return started;
}
