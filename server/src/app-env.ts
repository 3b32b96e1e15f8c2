import type { Config } from './config/config.js';
import type { LoginThrottle } from './features/accounts/login-throttle.js';
import type { Authenticated, SessionService } from './features/sessions/session-service.js';
import type { OtpService } from './features/verification/otp-service.js';
import type { GrantService } from './features/oauth/grant-service.js';
import type { PhotoStore } from './features/personal/photo-store.js';
import type { Clock } from './lib/clock.js';
import type { AccessTokenSigner, IdTokenSigner } from './lib/jwt.js';
import type { RequestMeta } from './middleware/request-meta.js';
import type { Storage } from './storage/storage.js';

/** What every route may read from the request context. */
export type AppEnv = { Variables: { meta: RequestMeta; auth: Authenticated } };

/** The services the routes are built from; createApp wires them once. */
export interface RouteDeps {
  config: Config;
  storage: Storage;
  clock: Clock;
  otp: OtpService;
  sessions: SessionService;
  throttle: LoginThrottle;
  accessTokens: AccessTokenSigner;
  idTokens: IdTokenSigner;
  grants: GrantService;
  /** Profile photos on disk (issue 5). */
  photos: PhotoStore;
}
