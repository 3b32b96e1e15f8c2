/** Every write endpoint of the API, with what its body is and the sign-in it needs (the hostile-body suite's list). */
import { DEMO_ACCOUNT } from '../../server/src/demo-data.js';
import { DEVELOPMENT_SMS_REPORT_SECRET } from '../../server/src/config/sms-config.js';
import { HELP_WRITE_ENDPOINTS } from './help-write-endpoints.js';
import { QR_WRITE_ENDPOINTS } from './qr-write-endpoints.js';
import { PAYMENT_WRITE_ENDPOINTS } from './payment-write-endpoints.js';
import { REVIEW_WRITE_ENDPOINTS } from './review-write-endpoints.js';
import { HISSA_WRITE_ENDPOINTS } from './hissa-write-endpoints.js';
import { PASSKEY_WRITE_ENDPOINTS } from './passkey-write-endpoints.js';
import { SOCIAL_WRITE_ENDPOINTS } from './social-write-endpoints.js';
import type { WriteEndpoint } from './write-endpoint.js';

export const V1 = '/sso/api/v1';
/** The demo account a fresh development database on a loopback PUBLIC_URL gets. */
export const DEMO = DEMO_ACCOUNT;
export const SOME_ID = '0190a6f0-0000-7000-8000-000000000000';

export type { Auth, BodyKind, WriteEndpoint } from './write-endpoint.js';
export { OPERATOR_TOKEN } from './write-endpoint.js';

/** docs/api.md's paths outside /sso/api/v1, which it writes in full. */
export const ROOT_PATH = /^\/(sso|common|payment|reviews|hissa|cdn|dev|\.well-known|csp-report|oauth\/apple$)(\/|$)/;

// Ordered so that nothing ends the shared session before the last endpoint: end-others goes last.
export const ENDPOINTS: WriteEndpoint[] = [
  {
    method: 'POST',
    path: '/auth/SendAuthSmsVerification/',
    auth: 'none',
    kind: 'json',
    sample: { type: 'login_sms_verification', phone: '+998907770011', method: 'sms' },
  },
  {
    method: 'POST',
    path: '/auth/SendAuthEmailVerification/',
    auth: 'none',
    kind: 'json',
    sample: { type: 'confirm_email_or_phone', email: 'hostile@example.uz', method: 'email' },
  },
  {
    method: 'POST',
    path: '/auth/CheckAuthSmsVerification/',
    auth: 'none',
    kind: 'json',
    sample: { type: 'login_sms_verification', phone: '+998907770011', code: '123456' },
  },
  {
    method: 'POST',
    path: '/auth/CheckAuthEmailVerification/',
    auth: 'none',
    kind: 'json',
    sample: { type: 'confirm_email_or_phone', email: 'hostile@example.uz', code: '123456' },
  },
  {
    method: 'POST',
    path: '/sso/api/v2/register/RegisterUser/',
    auth: 'none',
    kind: 'json',
    sample: {
      request_id: SOME_ID,
      password: 'Qovun-pishdi-Chorsu-7',
      first_name: 'Aziz',
      last_name: 'Karimov',
      kind: 2,
      save: true,
    },
  },
  {
    method: 'POST',
    path: '/login/LoginUser/',
    auth: 'none',
    kind: 'json',
    sample: { phone: DEMO.phone, password: 'not-the-password', save: true },
  },
  {
    method: 'POST',
    path: '/login/LoginOtp/',
    auth: 'none',
    kind: 'json',
    sample: { phone: DEMO.phone, code: '123456', save: true },
  },
  ...QR_WRITE_ENDPOINTS,
  { method: 'POST', path: '/TokenRefresh/', auth: 'none', kind: 'json', sample: { refresh: 'not-a-refresh-token' } },
  {
    method: 'POST',
    path: '/restore-password/RestorePasswordSms/',
    auth: 'none',
    kind: 'json',
    sample: { request_id: SOME_ID, password: 'Qovun-pishdi-Chorsu-7' },
  },
  {
    method: 'POST',
    path: '/restore-password/RestorePasswordEmail/',
    auth: 'none',
    kind: 'json',
    sample: { request_id: SOME_ID, password: 'Qovun-pishdi-Chorsu-7' },
  },
  {
    method: 'PATCH',
    path: '/user/profile/',
    auth: 'bearer',
    kind: 'json',
    sample: { first_name: 'Aziza', birth_date: '1990-01-01', gender: 'female' },
  },
  { method: 'POST', path: '/user/photo/', auth: 'bearer', kind: 'multipart', sample: {} },
  { method: 'DELETE', path: '/user/photo/', auth: 'bearer', kind: 'none', sample: {} },
  {
    method: 'POST',
    path: '/user/addresses/',
    auth: 'bearer',
    kind: 'json',
    sample: {
      label: 'Uy',
      region: 'tashkent-city',
      district: 'chilonzor',
      street: 'Bunyodkor',
      house: '1',
      is_default: true,
    },
  },
  {
    method: 'PATCH',
    path: '/user/addresses/{id}/',
    auth: 'bearer',
    kind: 'json',
    sample: { street: 'Bunyodkor', house: '2' },
  },
  { method: 'DELETE', path: '/user/addresses/{id}/', auth: 'bearer', kind: 'none', sample: {} },
  { method: 'POST', path: '/user/addresses/{id}/default/', auth: 'bearer', kind: 'none', sample: {} },
  { method: 'DELETE', path: '/user/sessions/{id}/', auth: 'bearer', kind: 'none', sample: {} },
  {
    method: 'POST',
    path: '/developers/apps/',
    auth: 'bearer',
    kind: 'json',
    sample: {
      name: 'Hostile Shop',
      home_page: 'https://shop.example.uz/',
      privacy_policy_url: 'https://shop.example.uz/privacy',
      redirect_uris: ['https://shop.example.uz/callback'],
      web_origins: ['https://shop.example.uz'],
      kind: 'public',
    },
  },
  {
    method: 'PATCH',
    path: '/developers/apps/{client_id}/',
    auth: 'bearer',
    kind: 'json',
    sample: { name: 'Hostile Shop 2' },
  },
  { method: 'DELETE', path: '/developers/apps/{client_id}/', auth: 'bearer', kind: 'none', sample: {} },
  { method: 'POST', path: '/developers/apps/{client_id}/secret/', auth: 'bearer', kind: 'none', sample: {} },
  { method: 'POST', path: '/developers/apps/{client_id}/logo/', auth: 'bearer', kind: 'multipart', sample: {} },
  { method: 'DELETE', path: '/developers/apps/{client_id}/logo/', auth: 'bearer', kind: 'none', sample: {} },
  {
    method: 'POST',
    path: '/user/security/proof/',
    auth: 'bearer',
    kind: 'json',
    sample: { password: 'not-the-password' },
  },
  {
    method: 'POST',
    path: '/user/change-password/',
    auth: 'bearer',
    kind: 'json',
    sample: { old_password: 'not-the-password', new_password: 'Qovun-pishdi-Chorsu-7', end_other_sessions: false },
  },
  {
    method: 'POST',
    path: '/user/reset-password/',
    auth: 'bearer',
    kind: 'json',
    sample: { request_id: SOME_ID, new_password: 'Qovun-pishdi-Chorsu-7', end_other_sessions: false },
  },
  {
    method: 'POST',
    path: '/user/change-phone/',
    auth: 'bearer',
    kind: 'json',
    sample: { request_id: SOME_ID, proof: 'not-a-proof' },
  },
  {
    method: 'POST',
    path: '/user/change-email/',
    auth: 'bearer',
    kind: 'json',
    sample: { request_id: SOME_ID, proof: 'not-a-proof' },
  },
  { method: 'POST', path: '/user/secondary/', auth: 'bearer', kind: 'json', sample: { request_id: SOME_ID } },
  { method: 'POST', path: '/user/verify-email/', auth: 'bearer', kind: 'json', sample: { request_id: SOME_ID } },
  { method: 'DELETE', path: '/user/secondary/', query: '?type=phone', auth: 'bearer', kind: 'none', sample: {} },
  {
    method: 'POST',
    path: '/user/secondary/make-primary/',
    auth: 'bearer',
    kind: 'json',
    sample: { type: 'phone', proof: 'not-a-proof' },
  },
  { method: 'POST', path: '/user/deactivate/', auth: 'bearer', kind: 'json', sample: { request_id: SOME_ID } },
  { method: 'POST', path: '/user/restore/', auth: 'bearer', kind: 'json', sample: { request_id: SOME_ID } },
  {
    method: 'DELETE',
    path: '/user/grants/',
    query: '?client_id=kirish-demo',
    auth: 'bearer',
    kind: 'none',
    sample: {},
  },
  {
    method: 'POST',
    path: '/oauth/authorize/',
    auth: 'bearer',
    kind: 'json',
    sample: {
      client_id: 'kirish-demo',
      redirect_uri: 'http://127.0.0.1:1/callback',
      response_type: 'code',
      scope: 'openid',
      state: 's',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    },
  },
  {
    method: 'POST',
    path: '/oauth/token/',
    auth: 'none',
    kind: 'form',
    sample: {
      grant_type: 'authorization_code',
      code: 'not-a-code',
      client_id: 'kirish-demo',
      redirect_uri: 'http://127.0.0.1:1/callback',
      code_verifier: 'v'.repeat(43),
    },
  },
  {
    method: 'POST',
    path: '/oauth/revoke/',
    auth: 'none',
    kind: 'form',
    sample: { token: 'not-a-token', client_id: 'kirish-demo' },
  },
  { method: 'POST', path: '/oauth/userinfo/', auth: 'bearer', kind: 'form', sample: {} },
  {
    method: 'POST',
    path: '/oauth/logout/',
    auth: 'none',
    kind: 'form',
    sample: { client_id: 'kirish-demo', post_logout_redirect_uri: 'http://127.0.0.1:1/' },
  },
  {
    method: 'POST',
    path: '/fedcm/assertion/',
    auth: 'none',
    kind: 'form',
    sample: {
      client_id: 'kirish-demo',
      account_id: SOME_ID,
      params: '{"code_challenge_method":"S256"}',
      disclosure_text_shown: 'true',
    },
  },
  {
    method: 'POST',
    path: '/fedcm/disconnect/',
    auth: 'none',
    kind: 'form',
    sample: { client_id: 'kirish-demo', account_hint: SOME_ID },
  },
  {
    method: 'POST',
    path: '/fedcm/frame/nonce/',
    auth: 'none',
    kind: 'json',
    sample: { user_uuid: SOME_ID, client_id: 'kirish-demo', origin: 'http://127.0.0.1:1' },
  },
  {
    method: 'POST',
    path: '/fedcm/frame/session/',
    auth: 'none',
    kind: 'json',
    sample: { user_uuid: SOME_ID, client_id: 'kirish-demo', origin: 'http://127.0.0.1:1', nonce: 'n' },
  },
  ...SOCIAL_WRITE_ENDPOINTS,
  ...PASSKEY_WRITE_ENDPOINTS,
  // A gateway's delivery report (issue 37): the gateway's own body, whatever it adds; the development secret.
  {
    method: 'POST',
    path: '/sms/reports/{gateway}/{secret}/',
    params: { gateway: 'eskiz', secret: DEVELOPMENT_SMS_REPORT_SECRET },
    auth: 'none',
    kind: 'json',
    sample: { request_id: SOME_ID, user_sms_id: SOME_ID, status: 'DELIVRD', status_date: '2026-11-27 15:00:00' },
    looseFields: true,
  },
  ...HELP_WRITE_ENDPOINTS,
  ...PAYMENT_WRITE_ENDPOINTS,
  ...REVIEW_WRITE_ENDPOINTS,
  ...HISSA_WRITE_ENDPOINTS,
  {
    method: 'POST',
    path: '/csp-report',
    auth: 'none',
    kind: 'json',
    sample: { 'csp-report': { 'document-uri': 'http://localhost/login', 'violated-directive': 'script-src' } },
    bodyLimitBytes: 64 * 1024,
    looseFields: true,
  },
  { method: 'DELETE', path: '/user/LogoutUser/', auth: 'fresh', kind: 'none', sample: {} },
  {
    method: 'POST',
    path: '/user/sessions/end-others/',
    auth: 'bearer',
    kind: 'json',
    sample: { proof: 'not-a-proof' },
  },
];

export const fullPath = (endpoint: WriteEndpoint) =>
  ROOT_PATH.test(endpoint.path) ? endpoint.path : `${V1}${endpoint.path}`;
