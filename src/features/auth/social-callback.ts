/**
 * What a provider's answer at /oauth/{provider} asks of the server (docs/product.md §2 "Social callback";
 * docs/social-sign-in.md): which call carries it on, with what. Pure, so each provider's reading is a unit test.
 * google and yandex answer in the fragment (the implicit grant, RFC 6749 §4.2.2); telegram's signed fields
 * and the rest of the path go on to the server as they came; oneid brings `token` (or `code`); vk,
 * facebook and apple bring `code`; X's whole query is posted on. A provider's `error` (RFC 6749
 * §4.1.2.1, §4.2.2.1) ends the flow: `access_denied`, and Apple's `user_cancelled_authorize`, are the person's
 * own choice; so is Telegram's return with its `return_to` as it was (our `state`, none of Telegram's fields),
 * which is how its login page answers a person who declines (docs/social-sign-in.md, "The stand-in").
 */
import { isSocialProvider, SOCIAL_PATH_NAMES, type SocialProvider } from '../../../server/src/contract/social.js';

export interface CallbackAddress {
  /** The path after `/oauth/{provider}` (telegram's rest), without a leading slash. */
  rest: string;
  /** The query, without `?`. */
  search: string;
  /** The fragment, without `#`. */
  hash: string;
}

export type CallbackCall =
  | { kind: 'unknown' }
  | { kind: 'cancelled'; provider: SocialProvider }
  | { kind: 'failed'; provider: SocialProvider }
  | { kind: 'call'; provider: SocialProvider; method: 'get' | 'post'; path: string; body?: Record<string, string> };

const CODE_PROVIDERS: ReadonlySet<SocialProvider> = new Set(['vk', 'facebook', 'apple']);
/** The errors that say the person chose not to go on, not that something broke. */
const CANCELLED: ReadonlySet<string> = new Set(['access_denied', 'user_cancelled_authorize']);

export function readCallback(name: string, address: CallbackAddress, deviceId: string | null): CallbackCall {
  if (!isSocialProvider(name)) return { kind: 'unknown' };
  const provider = name;
  const query = new URLSearchParams(address.search);
  const fragment = new URLSearchParams(address.hash);
  const answer = provider === 'google' || provider === 'yandex' ? fragment : query;
  const error = answer.get('error') ?? query.get('error');
  if (error) return { kind: CANCELLED.has(error) ? 'cancelled' : 'failed', provider };
  const state = answer.get('state');
  const path = SOCIAL_PATH_NAMES[provider];
  const post = (body: Record<string, string>, to = `${path}Login/`): CallbackCall => ({
    kind: 'call',
    provider,
    method: 'post',
    path: to,
    body,
  });
  if (provider === 'telegram') {
    if (!query.has('hash')) return { kind: [...query.keys()].join() === 'state' ? 'cancelled' : 'failed', provider };
    return { kind: 'call', provider, method: 'get', path: `TelegramLogin/${address.rest}?${address.search}` };
  }
  if (provider === 'twitter') {
    if (!query.has('code') || !state) return { kind: 'failed', provider };
    return post(Object.fromEntries(query), 'Twitter/Callback/');
  }
  if (!state) return { kind: 'failed', provider };
  if (provider === 'google' || provider === 'yandex') {
    const token = answer.get('access_token');
    if (!token) return { kind: 'failed', provider };
    return post({
      access_token: token,
      state,
      ...(provider === 'google' && deviceId ? { device_id: deviceId } : {}),
    });
  }
  if (provider === 'oneid') {
    const token = query.get('token') ?? query.get('code');
    return token ? post({ token, state }) : { kind: 'failed', provider };
  }
  const code = query.get('code');
  return code && CODE_PROVIDERS.has(provider) ? post({ code, state }) : { kind: 'failed', provider };
}
