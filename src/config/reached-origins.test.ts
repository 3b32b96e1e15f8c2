import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { reachedOrigins } from './reached-origins';

describe('reachedOrigins', () => {
  it('adds nothing for a build whose services are all on its own origin', () => {
    expect(reachedOrigins(loadConfig({}))).toEqual({ connect: [], img: [] });
  });

  it('names the error-reporting host of the Sentry DSN, without its key', () => {
    const config = loadConfig({ VITE_SENTRY_DSN: 'https://abc123@o42.ingest.sentry.io/7' });
    expect(reachedOrigins(config)).toEqual({ connect: ['https://o42.ingest.sentry.io'], img: [] });
  });

  it('names the origins of APIs and of the image CDN on other hosts, each once', () => {
    const config = loadConfig({
      VITE_SSO_API: 'https://sso.kirish.uz/sso/api/v1',
      VITE_SSO_API_V2: 'https://sso.kirish.uz/sso/api/v2',
      VITE_COMMON_API: 'https://common.kirish.uz:8443/common/api/v1',
      VITE_IMAGE_CDN: 'https://cdn.kirish.uz/images',
    });
    expect(reachedOrigins(config)).toEqual({
      connect: ['https://common.kirish.uz:8443', 'https://sso.kirish.uz'],
      img: ['https://cdn.kirish.uz'],
    });
  });
});
