import { describe, expect, it } from 'vitest';
import { parseUserAgent, type ParsedUserAgent } from './user-agent.js';

/** Real User-Agent strings as the browsers send them, and what a person should see for each. */
const TABLE: ReadonlyArray<readonly [userAgent: string, expected: ParsedUserAgent]> = [
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    { device: 'desktop', browser: 'Chrome', os: 'Windows' },
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    { device: 'desktop', browser: 'Edge', os: 'Windows' },
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19582',
    { device: 'desktop', browser: 'Edge', os: 'Windows' },
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
    { device: 'desktop', browser: 'Firefox', os: 'Windows' },
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
    { device: 'desktop', browser: 'Opera', os: 'Windows' },
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.0.0 YaBrowser/24.10.0.0 Safari/537.36',
    { device: 'desktop', browser: 'Yandex', os: 'Windows' },
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    { device: 'desktop', browser: 'Safari', os: 'macOS' },
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    { device: 'desktop', browser: 'Chrome', os: 'macOS' },
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0',
    { device: 'desktop', browser: 'Firefox', os: 'macOS' },
  ],
  [
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    { device: 'desktop', browser: 'Chrome', os: 'Linux' },
  ],
  [
    'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    { device: 'desktop', browser: 'Firefox', os: 'Linux' },
  ],
  [
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    { device: 'desktop', browser: 'Chrome', os: 'ChromeOS' },
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    { device: 'mobile', browser: 'Safari', os: 'iOS' },
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
    { device: 'mobile', browser: 'Chrome', os: 'iOS' },
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
    { device: 'mobile', browser: 'Firefox', os: 'iOS' },
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/131.2903.68 Mobile/15E148 Safari/605.1.15',
    { device: 'mobile', browser: 'Edge', os: 'iOS' },
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 YaBrowser/24.10.5.455.10 SA/3 Mobile/15E148 Safari/604.1',
    { device: 'mobile', browser: 'Yandex', os: 'iOS' },
  ],
  [
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
    { device: 'tablet', browser: 'Safari', os: 'iPadOS' },
  ],
  [
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    { device: 'mobile', browser: 'Chrome', os: 'Android' },
  ],
  [
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    { device: 'tablet', browser: 'Chrome', os: 'Android' },
  ],
  [
    'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230805.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36',
    { device: 'mobile', browser: 'Chrome', os: 'Android' },
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
    { device: 'mobile', browser: 'Samsung Internet', os: 'Android' },
  ],
  [
    'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-X706B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Safari/537.36',
    { device: 'tablet', browser: 'Samsung Internet', os: 'Android' },
  ],
  [
    'Mozilla/5.0 (Linux; arm_64; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.6613.146 YaBrowser/24.10.3.81.00 SA/3 Mobile Safari/537.36',
    { device: 'mobile', browser: 'Yandex', os: 'Android' },
  ],
  [
    'Mozilla/5.0 (Linux; Android 10; VOG-L29) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36 OPR/85.0.0.0',
    { device: 'mobile', browser: 'Opera', os: 'Android' },
  ],
  [
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 EdgA/131.0.0.0',
    { device: 'mobile', browser: 'Edge', os: 'Android' },
  ],
  [
    'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
    { device: 'mobile', browser: 'Firefox', os: 'Android' },
  ],
  [
    'Mozilla/5.0 (Android 14; Tablet; rv:133.0) Gecko/133.0 Firefox/133.0',
    { device: 'tablet', browser: 'Firefox', os: 'Android' },
  ],
  ['curl/8.5.0', { device: 'unknown', browser: null, os: null }],
  ['okhttp/4.12.0', { device: 'unknown', browser: null, os: null }],
];

describe('parseUserAgent', () => {
  it.each(TABLE)('reads %s', (userAgent, expected) => {
    expect(parseUserAgent(userAgent)).toEqual(expected);
  });

  it('says nothing it does not know when there is no header', () => {
    expect(parseUserAgent(null)).toEqual({ device: 'unknown', browser: null, os: null });
    expect(parseUserAgent('')).toEqual({ device: 'unknown', browser: null, os: null });
  });

  it('reads an iPad that asks for desktop pages as the Mac it pretends to be (the header cannot tell them apart)', () => {
    const ipadDesktopMode =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15';
    expect(parseUserAgent(ipadDesktopMode)).toEqual({ device: 'desktop', browser: 'Safari', os: 'macOS' });
  });

  it('does not take an in-app WebKit view without a Safari version for Safari', () => {
    const inApp =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 350.0.0';
    expect(parseUserAgent(inApp)).toEqual({ device: 'mobile', browser: null, os: 'iOS' });
  });
});
