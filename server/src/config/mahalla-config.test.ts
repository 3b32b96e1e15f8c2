/** MAHALLA_ONEID_CALLBACK_URL (config.ts): the external callback /mahalla/oneid/callback forwards its query to. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { configRefusal as refusal } from '../test-support/config-refusals.js';

const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://id.kirish.uz',
  SMTP_URL: 'smtps://user:pass@smtp.kirish.uz:465',
  SMS_GATEWAY_URL: 'https://sms.example.uz/send',
  KEY_ENCRYPTION_SECRET: 'Yq3Nf0-production-secret-of-32-chars-or-more',
};
const URL_WITH_QUERY = 'https://mahalla.example.uz/oneid/callback?system=kirish';

describe('MAHALLA_ONEID_CALLBACK_URL', () => {
  it('is an absolute URL kept as given, its query too; unset when empty', () => {
    expect(loadConfig({}).mahallaOneIdCallbackUrl).toBeUndefined();
    expect(loadConfig({ MAHALLA_ONEID_CALLBACK_URL: ' ' }).mahallaOneIdCallbackUrl).toBeUndefined();
    expect(loadConfig({ MAHALLA_ONEID_CALLBACK_URL: URL_WITH_QUERY }).mahallaOneIdCallbackUrl).toBe(URL_WITH_QUERY);
    expect(loadConfig({ MAHALLA_ONEID_CALLBACK_URL: 'http://127.0.0.1:9000/cb' }).mahallaOneIdCallbackUrl).toBe(
      'http://127.0.0.1:9000/cb',
    );
    expect(loadConfig({ ...PRODUCTION, MAHALLA_ONEID_CALLBACK_URL: URL_WITH_QUERY }).mahallaOneIdCallbackUrl).toBe(
      URL_WITH_QUERY,
    );
  });

  it('refuses one that is relative, not http(s), has a fragment or credentials', () => {
    const expected = 'MAHALLA_ONEID_CALLBACK_URL must be an absolute http(s) URL with no fragment';
    for (const bad of [
      '/oneid/callback',
      '//mahalla.example.uz/cb',
      'javascript:alert(1)',
      'ftp://mahalla.example.uz/cb',
      'https://mahalla.example.uz/cb#',
      'https://mahalla.example.uz/cb#top',
      'https://user:pass@mahalla.example.uz/cb',
    ])
      expect(refusal({ MAHALLA_ONEID_CALLBACK_URL: bad })).toBe(`${expected} (got ${JSON.stringify(bad)})`);
  });

  it('refuses plain http in production', () => {
    expect(refusal({ ...PRODUCTION, MAHALLA_ONEID_CALLBACK_URL: 'http://mahalla.example.uz/cb' })).toBe(
      'MAHALLA_ONEID_CALLBACK_URL must be an absolute https URL with no fragment (got "http://mahalla.example.uz/cb")',
    );
  });
});
