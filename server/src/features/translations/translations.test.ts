import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, it, expect, beforeEach } from 'vitest';
import { LOCALES } from '../../lib/locales.js';
import { useTestServer } from '../../test-support/test-server.js';

/** Keys the SPA reads from the catalogue (docs/product.md §8); each must exist in every locale. */
const REQUIRED_KEYS = [
  'timeout',
  'timeout_try_2_min',
  'invalid_username',
  'invalid_code',
  'password_too_short',
  'invalid_email',
  'user_not_found_email',
  'invalid_phone',
  'already_taken',
  'phone_taken_phone',
  'user_exists_phone',
  'invalid_credentials',
  'invalid_phone_number_phone',
  'user_not_found_phone',
  'email_taken_email',
  'invalid_old_password',
  'code_not_valid',
  'invalid_otp',
  'wrong_code',
  'request_id_error',
  'unique_request_id',
  'device_login_last_24_hours_error',
  'you_phone_and_card_phone_not_equal',
  'wrong_number',
  'wrong_expire',
  'session_expired',
  'too_many_attempts_login',
  'rate_limit_error',
  'username_invalid_or_exists_username',
  'username_min_length',
  'user_exists_with_phone_phone',
  'invalid_birth_date',
  'code_send_to_phone',
  'call_send_to_phone',
  'code_send_to_email',
  'code_send_to_backup_phone',
  'call_send_to_backup_phone',
  'code_send_to_backup_email',
  'just_now',
  'minutes_ago',
  'hours_ago',
  'days_ago',
  'server_error',
  'error_try_again',
  'invalid_return_path',
] as const;

// The error keys the server can emit are typed: every ApiError, badRequest, tooManyRequests and
// valibot message takes a catalogue key (contract/error-keys.ts, lib/keyed-valibot.ts), so a key
// missing from the English catalogue fails `npm run typecheck`; the test below makes the other four
// hold the same keys as English.

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;
const placeholdersOf = (text: string) =>
  [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? ''))].toSorted();

describe('GET /common/api/v1/FrontendTranslation/{locale}/', () => {
  const server = useTestServer();
  const catalogues = new Map<string, Record<string, string>>();

  beforeEach(async () => {
    catalogues.clear();
    for (const locale of LOCALES) {
      const response = await server.call('GET', `/common/api/v1/FrontendTranslation/${locale}/?source=id`);
      if (response.status !== 200) throw new Error(`${locale} answered ${response.status}: ${response.text}`);
      catalogues.set(locale, response.json as Record<string, string>);
    }
  });

  it('serves all five locales of the product', () => {
    expect([...LOCALES]).toEqual(['uz', 'uzc', 'kaa', 'ru', 'en']);
  });

  it.each(LOCALES)('answers %s with JSON: a flat object of non-empty strings', async (locale) => {
    const response = await server.call('GET', `/common/api/v1/FrontendTranslation/${locale}/?source=id`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const catalogue: unknown = response.json;
    expect(typeof catalogue === 'object' && catalogue !== null && !Array.isArray(catalogue)).toBe(true);
    const entries = Object.entries(catalogue as Record<string, unknown>);
    expect(entries.length).toBeGreaterThan(0);
    const bad = entries.filter(([, text]) => typeof text !== 'string' || text.trim() === '').map(([key]) => key);
    expect(bad, `${locale} has empty or non-string texts for: ${bad.join(', ')}`).toEqual([]);
  });

  it('gives the same answer whatever the source query names, and without it', async () => {
    const uz = catalogues.get('uz');
    const other = await server.call('GET', '/common/api/v1/FrontendTranslation/uz/?source=demo');
    const none = await server.call('GET', '/common/api/v1/FrontendTranslation/uz/');
    expect(other.status).toBe(200);
    expect(none.status).toBe(200);
    expect(other.json).toEqual(uz);
    expect(none.json).toEqual(uz);
  });

  it('has exactly the same key set in every locale', () => {
    const all = new Set<string>();
    for (const catalogue of catalogues.values()) for (const key of Object.keys(catalogue)) all.add(key);
    for (const [locale, catalogue] of catalogues) {
      const missing = [...all].filter((key) => !(key in catalogue)).toSorted();
      expect(missing, `locale ${locale} is missing keys that other locales have: ${missing.join(', ')}`).toEqual([]);
    }
  });

  it('has every key the SPA needs in every locale', () => {
    for (const [locale, catalogue] of catalogues) {
      const missing = REQUIRED_KEYS.filter((key) => !(key in catalogue));
      expect(missing, `locale ${locale} is missing required keys: ${missing.join(', ')}`).toEqual([]);
    }
  });

  it('uses the same {{placeholders}} for a key in every locale', () => {
    const reference = catalogues.get('uz') ?? {};
    const mismatches: string[] = [];
    for (const [key, text] of Object.entries(reference)) {
      const expected = placeholdersOf(text);
      for (const [locale, catalogue] of catalogues) {
        const got = placeholdersOf(catalogue[key] ?? '');
        if (got.join() !== expected.join())
          mismatches.push(`${locale}.${key}: {${got.join()}} instead of {${expected.join()}}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('fills the {{to}} of the code-sent messages and the {{n}} of the relative times', () => {
    for (const [locale, catalogue] of catalogues) {
      for (const key of [
        'code_send_to_phone',
        'call_send_to_phone',
        'code_send_to_email',
        'code_send_to_backup_phone',
        'call_send_to_backup_phone',
        'code_send_to_backup_email',
      ]) {
        expect(placeholdersOf(catalogue[key] ?? ''), `${locale}.${key}`).toEqual(['to']);
      }
      for (const key of ['minutes_ago', 'hours_ago', 'days_ago']) {
        expect(placeholdersOf(catalogue[key] ?? ''), `${locale}.${key}`).toEqual(['n']);
      }
    }
  });

  it('answers an unknown locale with 404 locale_not_found', async () => {
    const response = await server.call('GET', '/common/api/v1/FrontendTranslation/xx/?source=id');
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ errors: [{ error: 'locale_not_found' }] });
  });

  it('does not take an upper-case locale or a prototype member for a locale', async () => {
    for (const locale of ['UZ', 'constructor', '__proto__', 'toString']) {
      const response = await server.call('GET', `/common/api/v1/FrontendTranslation/${locale}/?source=id`);
      expect(response.status, locale).toBe(404);
      expect(response.json, locale).toEqual({ errors: [{ error: 'locale_not_found' }] });
    }
  });

  it('sends an ETag and answers a request with a matching If-None-Match with 304 and no body', async () => {
    const first = await server.call('GET', '/common/api/v1/FrontendTranslation/ru/?source=id');
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^(W\/)?"[^"]+"$/);
    const again = await server.call('GET', '/common/api/v1/FrontendTranslation/ru/?source=id', {
      headers: { 'if-none-match': tag ?? '' },
    });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(tag);
  });

  it('gives each locale its own ETag and answers a stale If-None-Match with the full catalogue', async () => {
    const ru = await server.call('GET', '/common/api/v1/FrontendTranslation/ru/?source=id');
    const en = await server.call('GET', '/common/api/v1/FrontendTranslation/en/?source=id');
    expect(en.headers.get('etag')).not.toBe(ru.headers.get('etag'));
    const stale = await server.call('GET', '/common/api/v1/FrontendTranslation/en/?source=id', {
      headers: { 'if-none-match': ru.headers.get('etag') ?? '' },
    });
    expect(stale.status).toBe(200);
    expect(stale.json).toEqual(catalogues.get('en'));
  });

  it('lets browsers cache a catalogue for five minutes', async () => {
    const response = await server.call('GET', '/common/api/v1/FrontendTranslation/uzc/?source=id');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('sends the catalogue brotli- or gzip-compressed to a client that accepts it, plain otherwise', async () => {
    const path = '/common/api/v1/FrontendTranslation/ru/?source=id';
    const br = await server.app.request(path, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-type')).toBe('application/json');
    expect(br.headers.get('content-length')).toBe(String(brBytes.byteLength));
    expect(JSON.parse(brotliDecompressSync(brBytes).toString())).toEqual(catalogues.get('ru'));
    expect(brBytes.byteLength).toBeLessThan(Buffer.byteLength(JSON.stringify(catalogues.get('ru'))) / 3);

    const gzip = await server.app.request(path, { headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString())).toEqual(catalogues.get('ru'));

    const plain = await server.app.request(path);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual(catalogues.get('ru'));
  });

  it('tags each coding of a locale apart, and answers 304 to the tag of the coding it would send', async () => {
    const path = '/common/api/v1/FrontendTranslation/uz/?source=id';
    const tagOf = async (encoding: string) =>
      (await server.app.request(path, { headers: { 'accept-encoding': encoding } })).headers.get('etag') ?? '';
    const [br, gzip, identity] = [await tagOf('br'), await tagOf('gzip'), await tagOf('identity')];
    expect(new Set([br, gzip, identity]).size).toBe(3);
    expect((await server.app.request(path, { headers: { 'accept-encoding': 'br', 'if-none-match': br } })).status).toBe(
      304,
    );
    expect(
      (await server.app.request(path, { headers: { 'accept-encoding': 'gzip', 'if-none-match': br } })).status,
    ).toBe(200);
  });
});
