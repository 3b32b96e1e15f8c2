/**
 * /sso/api/v1/SocialAuth/ (issue 36, docs/product.md §7 "Social", docs/api.md): the offered providers,
 * the start of a provider's flow, and each provider's callback call. The HTTP edge only: the flows and
 * accounts are services/social/social-sign-in.ts's. Every failure is a catalogue key.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import { SOCIAL_PROVIDERS_MAX_AGE_SECONDS } from '../../config/policy.js';
import {
  SOCIAL_PATH_NAMES,
  SOCIAL_PROVIDERS,
  type CodeLoginRequest,
  type GoogleLoginRequest,
  type OfferedProviders,
  type OneIdLoginRequest,
  type SocialProvider,
  type SocialStartRequest,
  type YandexLoginRequest,
} from '../../contract/social.js';
import { ApiError, badRequest, TokenError } from '../../lib/api-error.js';
import { readJsonBody, requestSchema, v } from '../../lib/validation.js';
import { countSignIns } from '../../middleware/count-sign-ins.js';
import { bindDevice } from '../../middleware/device-key.js';
import { bearerToken } from '../../middleware/require-auth.js';
import { isPendingAccount } from '../../services/social/pending-account.js';
import type { CallbackInput } from '../../services/social/provider-client.js';
import type { SocialSignIn } from '../../services/social/social-sign-in.js';
import { readBinding, writeBinding } from './binding-cookie.js';

export const SOCIAL_PROVIDERS_PATH = '/sso/api/v1/SocialAuth/providers/';

const stateField = v.pipe(v.string('social_state_mismatch'), v.maxLength(128, 'social_state_mismatch'));
/** A provider's token or code: opaque, and no longer than any provider makes one. */
const secretField = v.pipe(
  v.string('social_token_invalid'),
  v.minLength(1, 'social_token_invalid'),
  v.maxLength(4096, 'social_token_invalid'),
);

const startSchema = requestSchema<SocialStartRequest>()(
  v.strictObject({
    link: v.optional(v.boolean('invalid_value')),
    popup: v.optional(v.boolean('invalid_value')),
  }),
);
const googleSchema = requestSchema<GoogleLoginRequest>()(
  v.strictObject({
    state: stateField,
    access_token: secretField,
    device_id: v.optional(v.pipe(v.string('invalid_value'), v.maxLength(256, 'invalid_value'))),
  }),
);
const yandexSchema = requestSchema<YandexLoginRequest>()(
  v.strictObject({ state: stateField, access_token: secretField }),
);
const codeSchema = requestSchema<CodeLoginRequest>()(v.strictObject({ state: stateField, code: secretField }));
const oneIdSchema = requestSchema<OneIdLoginRequest>()(v.strictObject({ state: stateField, token: secretField }));

/** The requests whose answer is a token response: a session was opened (bindDevice's `startedSession`). */
const SIGNED_IN = new WeakSet<Context>();
const answeredTokens = (c: Context) => SIGNED_IN.has(c);
/** Of those, the sign-ins of a new account whose phone is still to be confirmed: offered to no partner yet. */
const PENDING = new WeakSet<Context>();
const offeredToPartners = (c: Context) => !PENDING.has(c);

const PROVIDER_BY_PATH = new Map(SOCIAL_PROVIDERS.map((provider) => [SOCIAL_PATH_NAMES[provider], provider]));

/** Telegram's signed fields (core.telegram.org/widgets/login): names of letters and underscores, short values. */
const TELEGRAM_FIELD = /^[a-z_]{1,32}$/;
const TELEGRAM_MAX_FIELDS = 16;

export function socialRoutes(deps: RouteDeps & { social: SocialSignIn }) {
  const { config, sessions, social, metrics, storage } = deps;
  const app = new Hono<AppEnv>();
  // A provider's callback call: counted as a sign-in, and the session it opens records the device of the
  // HttpOnly device cookie, as LoginUser's does; an answer that signs nobody in (`integration`, `linked`)
  // binds nothing (middleware/device-key.ts). The providers list and a flow's start are neither.
  const counted = [
    countSignIns(metrics, 'social'),
    bindDevice({ product: config.product, storage, startedSession: answeredTokens, offered: offeredToPartners }),
  ] as const;

  app.get('/providers/', (c) => {
    // The offered providers change only with a restart: a browser may keep the answer briefly.
    c.header('Cache-Control', `public, max-age=${SOCIAL_PROVIDERS_MAX_AGE_SECONDS}`);
    return c.json({ providers: social.offered() } satisfies OfferedProviders);
  });

  /** The signed-in account a `link` start names by its access token (and which must be active). */
  async function linkingAccount(c: Context<AppEnv>): Promise<{ userId: string }> {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) throw new TokenError('not_authenticated', 'Authentication credentials were not provided.');
    const { user } = await sessions.authenticate(token);
    if (user.isInactivated) throw new ApiError(403, [{ error: 'account_inactive' }]);
    return { userId: user.id };
  }

  app.post('/:path/Login/', async (c) => {
    const provider = PROVIDER_BY_PATH.get(c.req.param('path'));
    if (!provider) throw new ApiError(404, [{ error: 'not_found' }]);
    const body = await readJsonBody(c, startSchema);
    const link = body.link === true ? await linkingAccount(c) : null;
    const started = await social.begin({
      provider,
      link,
      popup: body.popup === true,
      binding: readBinding(c, config.product),
    });
    writeBinding(c, config.product, config.publicUrl, started.binding);
    return c.json({ url: started.url });
  });

  async function finish(c: Context<AppEnv>, provider: SocialProvider, state: string, input: CallbackInput) {
    const answer = await social.finish({
      provider,
      state,
      binding: readBinding(c, config.product),
      input,
      meta: c.get('meta'),
    });
    if ('access' in answer) {
      SIGNED_IN.add(c);
      const user = answer.has_phone ? undefined : await storage.users.findById(answer.user_uuid);
      if (user && isPendingAccount(user)) PENDING.add(c);
    }
    return c.json(answer);
  }

  app.post('/GoogleLogin/', ...counted, async (c) => {
    const body = await readJsonBody(c, googleSchema);
    return finish(c, 'google', body.state, { kind: 'access_token', accessToken: body.access_token });
  });
  app.post('/YandexLogin/', ...counted, async (c) => {
    const body = await readJsonBody(c, yandexSchema);
    return finish(c, 'yandex', body.state, { kind: 'access_token', accessToken: body.access_token });
  });
  for (const [path, provider] of [
    ['/VkLogin/', 'vk'],
    ['/FacebookLogin/', 'facebook'],
    ['/AppleLogin/', 'apple'],
    ['/Twitter/Callback/', 'twitter'],
  ] as const) {
    app.post(path, ...counted, async (c) => {
      const body = await readJsonBody(c, codeSchema);
      return finish(c, provider, body.state, { kind: 'code', code: body.code });
    });
  }
  app.post('/IdGovUzLogin/', ...counted, async (c) => {
    const body = await readJsonBody(c, oneIdSchema);
    return finish(c, 'oneid', body.state, { kind: 'code', code: body.token });
  });

  // GET TelegramLogin/{rest}: the login widget's signed fields, as the query or as the rest of the path.
  app.get('/TelegramLogin/*', ...counted, async (c) => {
    // URLSearchParams decodes the rest itself; a path is not decoded twice.
    const rest = c.req.path.slice(c.req.path.indexOf('/TelegramLogin/') + '/TelegramLogin/'.length);
    const query = new URL(c.req.url).searchParams;
    const params = rest.length > 0 ? new URLSearchParams(rest.replace(/^\?/, '')) : query;
    const fields: Record<string, string> = {};
    let state = '';
    let count = 0;
    for (const [name, value] of params) {
      if (name === 'state') {
        state = value;
        continue;
      }
      count += 1;
      if (!TELEGRAM_FIELD.test(name) || value.length > 512 || count > TELEGRAM_MAX_FIELDS || name in fields)
        throw badRequest('social_token_invalid');
      fields[name] = value;
    }
    return finish(c, 'telegram', state, { kind: 'fields', fields });
  });

  return app;
}
