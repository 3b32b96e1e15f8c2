/** Each provider's answer at /oauth/{provider}, read as docs/product.md §2 and docs/social-sign-in.md say. */
import { describe, expect, it } from 'vitest';
import { readCallback, type CallbackAddress } from './social-callback';

const at = (parts: Partial<CallbackAddress>): CallbackAddress => ({ rest: '', search: '', hash: '', ...parts });

describe('reading a provider’s callback', () => {
  it('sends an unknown provider to Login, whatever it carries', () => {
    expect(readCallback('myspace', at({ search: 'code=c&state=s' }), null)).toEqual({ kind: 'unknown' });
  });

  it('takes google’s access token and state from the fragment, with the device id', () => {
    const hash = 'access_token=ya29.t&token_type=Bearer&expires_in=3599&scope=openid&state=st-1';
    expect(readCallback('google', at({ hash }), 'dev-1')).toEqual({
      kind: 'call',
      provider: 'google',
      method: 'post',
      path: 'GoogleLogin/',
      body: { access_token: 'ya29.t', state: 'st-1', device_id: 'dev-1' },
    });
  });

  it('takes yandex’s from the fragment too, and ignores a token put in the query', () => {
    const call = readCallback('yandex', at({ search: 'access_token=forged', hash: 'access_token=y0_t&state=st' }), 'd');
    expect(call).toEqual({
      kind: 'call',
      provider: 'yandex',
      method: 'post',
      path: 'YandexLogin/',
      body: { access_token: 'y0_t', state: 'st' },
    });
    expect(readCallback('yandex', at({ search: 'access_token=forged&state=st' }), null)).toEqual({
      kind: 'failed',
      provider: 'yandex',
    });
  });

  it('passes telegram’s signed fields and the rest of the path on to TelegramLogin as they came', () => {
    const search = 'state=st&id=42&first_name=Aziz&auth_date=1764230000&hash=ab12';
    expect(readCallback('telegram', at({ rest: 'x/y', search }), null)).toEqual({
      kind: 'call',
      provider: 'telegram',
      method: 'get',
      path: `TelegramLogin/x/y?${search}`,
    });
    expect(readCallback('telegram', at({ search: 'id=42&state=st' }), null).kind).toBe('failed');
  });

  it('reads oneid’s token, or its code when it sends that', () => {
    expect(readCallback('oneid', at({ search: 'token=one-1&state=st' }), null)).toMatchObject({
      path: 'IdGovUzLogin/',
      body: { token: 'one-1', state: 'st' },
    });
    expect(readCallback('oneid', at({ search: 'code=one-2&state=st' }), null)).toMatchObject({
      path: 'IdGovUzLogin/',
      body: { token: 'one-2', state: 'st' },
    });
  });

  it.each([
    ['vk', 'VkLogin/'],
    ['facebook', 'FacebookLogin/'],
    ['apple', 'AppleLogin/'],
  ])('reads %s’s code and state', (provider, path) => {
    expect(readCallback(provider, at({ search: 'code=c-1&state=st' }), 'd')).toEqual({
      kind: 'call',
      provider,
      method: 'post',
      path,
      body: { code: 'c-1', state: 'st' },
    });
  });

  it('posts X’s whole query to Twitter/Callback/', () => {
    expect(readCallback('twitter', at({ search: 'state=st&code=x-1&extra=1' }), null)).toEqual({
      kind: 'call',
      provider: 'twitter',
      method: 'post',
      path: 'Twitter/Callback/',
      body: { state: 'st', code: 'x-1', extra: '1' },
    });
  });

  it('says the person cancelled at the provider (access_denied), and that anything else failed', () => {
    expect(readCallback('google', at({ hash: 'error=access_denied&state=st' }), null)).toEqual({
      kind: 'cancelled',
      provider: 'google',
    });
    expect(readCallback('vk', at({ search: 'error=server_error&state=st' }), null)).toEqual({
      kind: 'failed',
      provider: 'vk',
    });
  });

  it('says the person cancelled at Apple (user_cancelled_authorize) and at Telegram (back with only the state)', () => {
    expect(readCallback('apple', at({ search: 'error=user_cancelled_authorize&state=st' }), null)).toEqual({
      kind: 'cancelled',
      provider: 'apple',
    });
    expect(readCallback('telegram', at({ search: 'state=st' }), null)).toEqual({
      kind: 'cancelled',
      provider: 'telegram',
    });
    // Some of Telegram's fields without the hash that signs them is no refusal: it failed.
    expect(readCallback('telegram', at({ search: 'id=42&state=st' }), null).kind).toBe('failed');
  });

  it('fails an answer without its state or its code: nothing is sent that the server could not check', () => {
    expect(readCallback('facebook', at({ search: 'code=c' }), null).kind).toBe('failed');
    expect(readCallback('apple', at({ search: 'state=st' }), null).kind).toBe('failed');
    expect(readCallback('google', at({ hash: 'state=st' }), null).kind).toBe('failed');
    expect(readCallback('twitter', at({ search: 'code=c' }), null).kind).toBe('failed');
  });
});
