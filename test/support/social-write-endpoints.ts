/** Social sign-in's write endpoints (docs/api.md, Social sign-in), for the hostile-body suite's list (write-endpoints.ts). */
import type { WriteEndpoint } from './write-endpoint.js';

// None needs a session but ConfirmPhone and unlinking.
export const SOCIAL_WRITE_ENDPOINTS: WriteEndpoint[] = [
  {
    method: 'POST',
    path: '/SocialAuth/{Path}/Login/',
    params: { Path: 'Google' },
    auth: 'none',
    kind: 'json',
    sample: {},
  },
  ...(['GoogleLogin', 'YandexLogin'] as const).map((name): WriteEndpoint => ({
    method: 'POST',
    path: `/SocialAuth/${name}/`,
    auth: 'none',
    kind: 'json',
    sample: { access_token: 'not-a-token', state: 'not-a-state' },
  })),
  ...(['VkLogin', 'FacebookLogin', 'AppleLogin', 'Twitter/Callback'] as const).map((name): WriteEndpoint => ({
    method: 'POST',
    path: `/SocialAuth/${name}/`,
    auth: 'none',
    kind: 'json',
    sample: { code: 'not-a-code', state: 'not-a-state' },
  })),
  {
    method: 'POST',
    path: '/SocialAuth/IdGovUzLogin/',
    auth: 'none',
    kind: 'json',
    sample: { token: 'not-a-code', state: 'not-a-state' },
  },
  // Apple's form_post: any field Apple adds is passed over, not refused.
  {
    method: 'POST',
    path: '/oauth/apple',
    auth: 'none',
    kind: 'form',
    sample: { code: 'not-a-code', state: 'not-a-state' },
    looseFields: true,
  },
  {
    method: 'POST',
    path: '/SocialAuth/Integration/code/',
    auth: 'none',
    kind: 'json',
    sample: { token: 'not-a-token', method: 'sms' },
  },
  {
    method: 'POST',
    path: '/SocialAuth/Integration/',
    auth: 'none',
    kind: 'json',
    sample: { token: 'not-a-token', password: 'not-the-password' },
  },
  {
    method: 'POST',
    path: '/SocialAuth/ConfirmPhone/',
    auth: 'bearer',
    kind: 'json',
    sample: { phone: '+998907770012', request_id: 'not-a-request' },
  },
  {
    method: 'DELETE',
    path: '/user/login-methods/social/{provider}/',
    params: { provider: 'google' },
    auth: 'bearer',
    kind: 'none',
    sample: {},
  },
];
