/**
 * The SSO API as a Hono app, built from its dependencies and nothing else: no port, no globals,
 * no environment. Tests call `app.request()` on it; the entry file serves it.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv, RouteDeps } from './app-env.js';
import type { Config } from './config/config.js';
import { JSON_BODY_LIMIT_BYTES, UNREAD_BODY_DRAIN_MAX_BYTES, UNREAD_BODY_LINGER_MS } from './config/policy.js';
import { loginRoutes } from './features/accounts/login-routes.js';
import { passkeyLoginRoutes } from './features/passkeys/passkey-login-routes.js';
import { passkeyRoutes } from './features/passkeys/passkey-routes.js';
import { secondStepRoutes } from './features/two-step/second-step-routes.js';
import { twoStepRoutes } from './features/two-step/two-step-routes.js';
import { registerRoutes } from './features/accounts/register-routes.js';
import { restorePasswordRoutes } from './features/accounts/restore-password-routes.js';
import { checkRoutes } from './features/check/check-routes.js';
import { clientRoutes } from './features/clients/client-routes.js';
import { complaintRoutes } from './features/complaints/complaint-routes.js';
import { operatorComplaintRoutes } from './features/complaints/operator-complaint-routes.js';
import { cspReportDevRoutes, cspReportRoutes } from './features/csp-reports/csp-report-routes.js';
import { smsReportRoutes } from './features/sms-reports/sms-report-routes.js';
import { SMS_REPORTS_PATH } from './config/sms-config.js';
import { createViolationLog, type ViolationLog } from './features/csp-reports/violation-log.js';
import { developerAppRoutes } from './features/developers/app-routes.js';
import { developerLogoRoutes, isLogoUploadPath } from './features/developers/logo-routes.js';
import { outboxRoutes } from './features/dev-outbox/outbox-routes.js';
import { fedcmAssertionRoutes } from './features/fedcm/assertion-routes.js';
import { fedcmRoutes, webIdentityRoutes } from './features/fedcm/fedcm-routes.js';
import { fedcmFrameRoutes } from './features/fedcm/frame-routes.js';
import { mahallaRoutes } from './features/mahalla/mahalla-routes.js';
import { hissaRoutes } from './features/hissa/hissa-routes.js';
import { paymentRoutes } from './features/payments/payment-routes.js';
import { CLAIMS_PATH, operatorReviewRoutes, REVIEWS_API_PATH, reviewRoutes } from './features/reviews/review-routes.js';
import { authorizeRoutes } from './features/oauth/authorize-routes.js';
import { discoveryRoutes } from './features/oauth/discovery-routes.js';
import { grantRoutes } from './features/oauth/grant-routes.js';
import { healthRoutes } from './features/operations/health-routes.js';
import { metricsRoutes } from './features/operations/metrics-routes.js';
import { logoutRoutes } from './features/oauth/logout-routes.js';
import { oauthTokenRoutes } from './features/oauth/token-routes.js';
import { userinfoRoutes } from './features/oauth/userinfo-routes.js';
import { addressRoutes } from './features/personal/address-routes.js';
import { cdnRoutes } from './features/personal/cdn-routes.js';
import { exportRoutes } from './features/personal/export-routes.js';
import { PHOTO_UPLOAD_PATH, photoRoutes } from './features/personal/photo-routes.js';
import { profileRoutes } from './features/personal/profile-routes.js';
import { regionRoutes } from './features/personal/region-routes.js';
import { securityRoutes } from './features/security/security-routes.js';
import { APPLE_CALLBACK_PATH, appleFormPostRoutes } from './features/social/apple-form-post-routes.js';
import { integrationRoutes } from './features/social/integration-routes.js';
import { limitSocialCalls } from './features/social/social-limit.js';
import { SOCIAL_PROVIDERS_PATH, socialRoutes } from './features/social/social-routes.js';
import { qrLoginRoutes } from './features/qr-login/qr-login-routes.js';
import { tokenRoutes } from './features/sessions/token-routes.js';
import { helpRoutes } from './features/help/help-routes.js';
import { translationRoutes } from './features/translations/translation-routes.js';
import { userRoutes } from './features/user/user-routes.js';
import { operatorValidationRoutes } from './features/validation/operator-validation-routes.js';
import { validationRoutes } from './features/validation/validation-routes.js';
import { verificationRoutes } from './features/verification/verification-routes.js';
import { ApiError } from './lib/api-error.js';
import type { Clock } from './lib/clock.js';
import type { AccessTokenSigner, IdTokenSigner } from './lib/jwt.js';
import type { LogFields } from './lib/json-log.js';
import { checkAccountId } from './middleware/account-id.js';
import { type HeaderList, withAnswerHeaders } from './middleware/answer-headers.js';
import { limitSmallBody } from './middleware/body-limit.js';
import { createErrorHandler, errorResponse, notFound } from './middleware/error-handler.js';
import { observeRequests, type RequestLogLine } from './middleware/observe-requests.js';
import { requestMeta } from './middleware/request-meta.js';
import { requireOperator } from './middleware/require-operator.js';
import { requirePublicHost } from './middleware/require-public-host.js';
import { securityHeaders } from './middleware/security-headers.js';
import { settleUnreadBody } from './middleware/unread-body.js';
import type { Sender } from './senders/sender.js';
import type { SmsGateway } from './senders/sms-gateway.js';
import { createGrantService } from './services/grant-service.js';
import { createLoginThrottle } from './services/login-throttle.js';
import { createKirishMetrics, type KirishMetrics } from './services/metrics.js';
import { createOtpService } from './services/otp-service.js';
import type { PaymentProcessor } from './services/payments/payment-processor.js';
import { configuredProcessor } from './services/payments/payment-deps.js';
import { createPhotoStore } from './services/photo-store.js';
import { createQrLoginService } from './services/qr-login.js';
import type { ReadinessCheck } from './storage/readiness.js';
import { createSessionService } from './services/session-service.js';
import { createSmsDeliveryReports } from './services/sms-delivery-reports.js';
import type { ProviderClients } from './services/social/provider-client.js';
import { createSocialSignIn } from './services/social/social-sign-in.js';
import { CSP_REPORT_PATH } from './site/content-security-policy.js';
import { createInProcessSignals, type Signals } from './storage/signals.js';
import type { Storage } from './storage/storage.js';
import type { KeyCipher } from './lib/key-encryption.js';

export interface AppDeps {
  config: Config;
  storage: Storage;
  /** Wake-up calls between the instances on the database (storage/signals.ts); absent, within this process only. */
  signals?: Signals;
  clock: Clock;
  sender: Sender;
  signer: AccessTokenSigner;
  idTokens: IdTokenSigner;
  /** Server secret that keys the one-time-code hashes. */
  codeKey: string;
  /** Server secret from which each refresh token's successor is derived (services/session-service.ts). */
  refreshKey: string;
  /** Seals secrets kept for accounts (authenticator-app secrets, issue 41) under KEY_ENCRYPTION_SECRET. */
  secretCipher: KeyCipher;
  /** Errors and warnings; `fields` carries the request id of the request that caused them, or a failure's labels. */
  log: (message: string, error?: unknown, fields?: LogFields) => void;
  /** Serves the built SPA for everything that is not an API path (the entry file passes it). */
  site?: MiddlewareHandler;
  /** Where the pages' CSP violations are recorded (one made here if absent; the entry file shares it with the demo site). */
  cspViolations?: ViolationLog;
  // Operating it (issue 13, docs/deploy.md).
  /** The process's metrics; one made here if absent. Served on the main port only with config.metrics.kind 'bearer'. */
  metrics?: KirishMetrics;
  /** One line per answered request (the entry file writes it as JSON); absent, none. */
  accessLog?: (line: RequestLogLine) => void;
  /** What GET /readyz checks; absent, the app has /healthz but no /readyz. */
  readiness?: ReadinessCheck;
  /** True from the SIGTERM on: /readyz answers 503 and every answer closes its connection. */
  isDraining?: () => boolean;
  /**
   * The social providers' clients (issue 36, services/social/provider-client.ts): only these providers
   * are offered. Absent, none is.
   */
  providerClients?: ProviderClients;
  /**
   * The SMS gateways whose delivery reports Kirish reads (issue 37, features/sms-reports): the entry file's,
   * the same the SMS chain sends through. Absent, none: every report is a 404.
   */
  smsGateways?: readonly SmsGateway[];
  /** The payment processor (issue 40); absent, the Subscribe API client of config.payments, or none. */
  paymentProcessor?: PaymentProcessor;
}

/** RFC 6749 §5.1: responses carrying tokens must not be cached; nothing under the API should be. */
const NO_STORE: HeaderList = [['Cache-Control', 'no-store']];
const noStore: MiddlewareHandler = async function noStore(c, next) {
  // The offered social providers are the same for everyone until a restart: briefly cacheable (social-routes.ts).
  if (c.req.method === 'GET' && c.req.path === SOCIAL_PROVIDERS_PATH) return next();
  await withAnswerHeaders(c, next, NO_STORE, true);
};

/** The image uploads and a company claim, which limit their bodies themselves (photo-routes.ts, logo-routes.ts, claim-form.ts). */
/** And the SMS delivery reports, which read their bodies only once the secret in their path is right. */
const hasOwnBodyLimit = (path: string) =>
  path === PHOTO_UPLOAD_PATH ||
  path === CLAIMS_PATH ||
  isLogoUploadPath(path) ||
  path.startsWith(`${SMS_REPORTS_PATH}/`);

// The operator's paths too (issue 13): a probe or a scrape misdirected here gets a 404, not the SPA's page.
const API_PATH = /^\/(sso|common|payment|reviews|hissa|cdn|dev|\.well-known|healthz|readyz|metrics)(\/|$)/;

const V1_PATH = '/sso/api/v1';
const OPERATOR_PATH = '/common/api/v1/operator/*';

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const { config, storage, clock } = deps;
  const metrics = deps.metrics ?? createKirishMetrics();
  const isDraining = deps.isDraining ?? (() => false);
  const otp = createOtpService({
    storage,
    clock,
    sender: deps.sender,
    codeKey: deps.codeKey,
    webOtpHost: new URL(config.publicUrl).host,
    metrics,
    log: deps.log,
  });
  const sessions = createSessionService(storage, clock, deps.signer, deps.refreshKey, metrics);
  const throttle = createLoginThrottle(storage, clock, { metrics, signals: deps.signals ?? createInProcessSignals() });
  const routeDeps: RouteDeps = {
    config,
    storage,
    clock,
    otp,
    sessions,
    throttle,
    accessTokens: deps.signer,
    idTokens: deps.idTokens,
    secretCipher: deps.secretCipher,
    grants: createGrantService(storage, clock),
    photos: createPhotoStore(storage, clock),
    metrics,
    social: createSocialSignIn({
      storage,
      clock,
      sessions,
      otp,
      throttle,
      clients: deps.providerClients ?? {},
      log: deps.log,
    }),
  };

  const qrLogin = createQrLoginService({
    storage,
    clock,
    sessions,
    signals: deps.signals ?? createInProcessSignals(),
    publicUrl: config.publicUrl,
  });

  const limitJsonBody = limitSmallBody({
    maxBytes: JSON_BODY_LIMIT_BYTES,
    onTooLarge: (c) => errorResponse(c, new ApiError(413, [{ error: 'payload_too_large' }])),
  });
  // The image uploads have a limit of their own (hasOwnBodyLimit); every other body is small JSON.
  const limitBody: MiddlewareHandler = async function limitBody(c, next) {
    return hasOwnBodyLimit(c.req.path) ? next() : limitJsonBody(c, next);
  };

  const v1 = new Hono<AppEnv>();
  v1.route('/check', checkRoutes(routeDeps));
  v1.route('/auth', verificationRoutes(routeDeps));
  // Before loginRoutes: its `*` middleware (the device binding of a password or code sign-in) would
  // also run for these paths; each binds the device itself where it signs in.
  v1.route('/login', passkeyLoginRoutes(routeDeps));
  v1.route(
    '/login',
    secondStepRoutes({ ...routeDeps, sender: deps.sender, log: (message, error) => deps.log(message, error) }),
  );
  v1.route('/login', loginRoutes(routeDeps));
  v1.route('/', tokenRoutes(routeDeps));
  v1.route('/user', userRoutes(routeDeps));
  v1.route('/user', grantRoutes(routeDeps));
  v1.route('/user', profileRoutes(routeDeps));
  v1.route('/user', photoRoutes(routeDeps));
  v1.route('/user', addressRoutes(routeDeps));
  v1.route('/user', exportRoutes(routeDeps));
  v1.route('/user', securityRoutes(routeDeps));
  v1.route('/user', validationRoutes(routeDeps));
  v1.route('/user', passkeyRoutes(routeDeps));
  v1.route(
    '/user',
    twoStepRoutes({ ...routeDeps, sender: deps.sender, log: (message, error) => deps.log(message, error) }),
  );
  v1.route('/restore-password', restorePasswordRoutes(routeDeps));
  v1.route('/oauth', clientRoutes(routeDeps));
  v1.route('/oauth', authorizeRoutes(routeDeps));
  v1.route('/oauth', oauthTokenRoutes(routeDeps));
  v1.route('/oauth', userinfoRoutes(routeDeps));
  v1.route('/oauth', logoutRoutes(routeDeps));
  v1.route('/developers', developerAppRoutes(routeDeps));
  v1.route('/developers', developerLogoRoutes(routeDeps));
  // Kirish as a FedCM identity provider, and the embed frame's storage-access path (docs/fedcm.md).
  v1.route('/fedcm/frame', fedcmFrameRoutes(routeDeps));
  v1.route('/fedcm', fedcmRoutes(routeDeps));
  v1.route('/fedcm', fedcmAssertionRoutes(routeDeps));
  // Social sign-in (issue 36, docs/social-sign-in.md).
  v1.use('/SocialAuth/*', limitSocialCalls(routeDeps));
  v1.route('/SocialAuth', socialRoutes(routeDeps));
  v1.route('/SocialAuth', integrationRoutes(routeDeps));
  // Sign-in by QR (issue 39, docs/api.md): a signed-in phone approves a browser.
  v1.route('/qr', qrLoginRoutes({ ...routeDeps, qr: qrLogin }));
  // The SMS gateways' delivery reports (issue 37, docs/api.md).
  v1.route(
    SMS_REPORTS_PATH.slice(V1_PATH.length),
    smsReportRoutes({
      gateways: deps.smsGateways ?? [],
      secret: config.sms.reportSecret,
      reports: createSmsDeliveryReports({ storage, clock, metrics }),
      limitBody: limitJsonBody,
    }),
  );

  const v2 = new Hono<AppEnv>();
  v2.route('/register', registerRoutes(routeDeps));

  const app = new Hono<AppEnv>();
  // Before everything, to time and count every answer and give each its X-Request-Id (issue 13).
  app.use('*', observeRequests({ metrics, isDraining, ...(deps.accessLog ? { log: deps.accessLog } : {}) }));
  // First, so that it sees every answer, the refusals below included (issue 10 §1).
  app.use('*', settleUnreadBody({ drainMaxBytes: UNREAD_BODY_DRAIN_MAX_BYTES, lingerMs: UNREAD_BODY_LINGER_MS }));
  // A route may set its own value of these (the widget's script is for every site to load).
  app.use('*', securityHeaders());
  // Before the public-host check: a balancer probes with its own Host header (health-routes.ts).
  app.route('/', healthRoutes({ isDraining, ...(deps.readiness ? { readiness: deps.readiness } : {}) }));
  if (config.metrics.kind === 'bearer') app.route('/', metricsRoutes({ metrics, token: config.metrics.token }));
  // DNS rebinding would otherwise read the dev outbox (issue 10 §6); production sits behind its proxy's names.
  if (config.env !== 'production') app.use('*', requirePublicHost(config.publicUrl));
  app.use('*', requestMeta({ product: config.product, trustProxy: config.trustProxy }));
  // Every API call naming its account (Account-Id) is refused when its token is another's (issue 33).
  app.use('/sso/*', noStore, limitBody, checkAccountId(routeDeps.sessions));
  app.route(V1_PATH, v1);
  app.route('/sso/api/v2', v2);
  // Apple's form_post to the SPA's callback path (docs/social-sign-in.md): the one POST there.
  app.use(APPLE_CALLBACK_PATH, noStore, limitBody);
  app.route('/', appleFormPostRoutes(routeDeps));
  // /mahalla/oneid/callback: a redirect of the server's own, before the SPA (features/mahalla/).
  app.route('/', mahallaRoutes(routeDeps));
  // The operator API (docs/deploy.md, The operator API): 404 to all but the ADMIN_TOKEN bearer.
  app.use(OPERATOR_PATH, noStore, limitJsonBody, requireOperator(config.adminToken));
  app.route(
    '/common/api/v1/operator',
    operatorComplaintRoutes({ storage, clock, sender: deps.sender, log: (message, error) => deps.log(message, error) }),
  );
  app.route('/common/api/v1/operator', operatorValidationRoutes(routeDeps));
  // Complaints (issue 38): the form's multipart body has its own limit (complaint-form.ts).
  app.use('/common/api/v1/help/complaints/*', noStore, checkAccountId(routeDeps.sessions));
  app.route('/common/api/v1/help', complaintRoutes(routeDeps));
  app.route('/common/api/v1', translationRoutes());
  // Payments (issue 40, docs/api.md, Payments) and Hissa (issue 42): small JSON bodies, never cached.
  const processor = deps.paymentProcessor ?? configuredProcessor(config);
  const paying = { config, storage, clock, sessions, processor, log: deps.log };
  app.use('/payment/api/*', noStore, limitJsonBody, checkAccountId(routeDeps.sessions));
  app.route('/payment/api', paymentRoutes(paying));
  app.use(`${REVIEWS_API_PATH}/*`, noStore, limitBody, checkAccountId(routeDeps.sessions));
  app.route(REVIEWS_API_PATH, reviewRoutes(routeDeps));
  app.route('/common/api/v1/operator', operatorReviewRoutes({ storage, clock }));
  app.route('/', hissaRoutes(paying, [noStore, limitJsonBody, checkAccountId(routeDeps.sessions)]));
  app.route('/common/api/v1', regionRoutes());
  // The help centre's one write, "was this helpful?", takes small JSON like every other API body.
  app.use('/common/api/v1/help/*', limitBody);
  app.route('/common/api/v1/help', helpRoutes(routeDeps));
  app.route('/cdn', cdnRoutes(routeDeps.photos));
  // Before discovery: its public-document headers (cacheable, any origin) are not FedCM's (no-store).
  app.route('/.well-known', webIdentityRoutes(routeDeps));
  app.route('/.well-known', discoveryRoutes(routeDeps));
  if (config.env !== 'production') app.route('/dev', outboxRoutes(routeDeps));
  // The pages' Content-Security-Policy reports here (site/content-security-policy.ts).
  const cspViolations = deps.cspViolations ?? createViolationLog({ clock, log: deps.log });
  app.route(
    CSP_REPORT_PATH,
    cspReportRoutes<AppEnv>({
      violations: cspViolations,
      site: 'sso',
      clock,
      storage,
      clientAddress: (c) => c.get('meta').ip,
    }),
  );
  if (config.env !== 'production') app.route('/dev', cspReportDevRoutes(cspViolations));
  if (deps.site) {
    const site = deps.site;
    app.get('*', async (c, next) => (API_PATH.test(c.req.path) ? next() : site(c, next)));
  }
  app.onError(createErrorHandler(deps.log));
  app.notFound(notFound);
  return app;
}
