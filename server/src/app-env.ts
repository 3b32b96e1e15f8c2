import type { Config } from './config/config.js';
import type { Clock } from './lib/clock.js';
import type { KeyCipher } from './lib/key-encryption.js';
import type { AccessTokenSigner, IdTokenSigner } from './lib/jwt.js';
import type { RequestMeta } from './lib/request-meta.js';
import type { GrantService } from './services/grant-service.js';
import type { LoginThrottle } from './services/login-throttle.js';
import type { KirishMetrics } from './services/metrics.js';
import type { OtpService } from './services/otp-service.js';
import type { PhotoStore } from './services/photo-store.js';
import type { SocialSignIn } from './services/social/social-sign-in.js';
import type { Authenticated, SessionService } from './services/session-service.js';
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
  /** Seals what is kept secret for an account (lib/key-encryption.ts): the authenticator-app secrets. */
  secretCipher: KeyCipher;
  grants: GrantService;
  /** Profile photos and app logos, kept in the database every instance shares (services/photo-store.ts). */
  photos: PhotoStore;
  /** The process's metrics (issue 13): the sign-in routes count their outcomes. */
  metrics: KirishMetrics;
  /** Social sign-in (issue 36) over the configured provider clients. */
  social: SocialSignIn;
}
