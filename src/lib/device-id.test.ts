import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fingerprintConfidence } from './device-fingerprint';

type Agent = { get(): Promise<{ visitorId: string }> };
const { load } = vi.hoisted(() => ({ load: vi.fn<(options: { monitoring?: boolean }) => Promise<Agent>>() }));
// The real library is never loaded here: only what the module asks of it is checked.
vi.mock('@fingerprintjs/fingerprintjs', () => ({ load }));

const UA = {
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36',
  androidSamsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  androidFirefox: 'Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  iphoneFirefox:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
  ipadSafari:
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  /** iPadOS reports a Mac; only "Mobile" and the touch platform give it away. */
  ipadAsMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  macChrome:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  macFirefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:127.0) Gecko/20100101 Firefox/127.0',
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68',
  windowsFirefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0',
  linuxChrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
};

describe('fingerprint confidence (docs/product.md §3)', () => {
  it('is 0.4 for Chromium or Firefox on Android', () => {
    expect(fingerprintConfidence(UA.androidChrome, 'Linux armv81')).toBe(0.4);
    expect(fingerprintConfidence(UA.androidSamsung, 'Linux armv81')).toBe(0.4);
    expect(fingerprintConfidence(UA.androidFirefox, 'Linux armv81')).toBe(0.4);
  });

  it('is 0.3 for Safari-like browsers on iOS, Chrome and Firefox included', () => {
    expect(fingerprintConfidence(UA.iphoneSafari, 'iPhone')).toBe(0.3);
    expect(fingerprintConfidence(UA.iphoneChrome, 'iPhone')).toBe(0.3);
    expect(fingerprintConfidence(UA.iphoneFirefox, 'iPhone')).toBe(0.3);
    expect(fingerprintConfidence(UA.ipadSafari, 'iPad')).toBe(0.3);
  });

  it('is 0.3 for iPadOS reporting a Mac with "Mobile" in its user agent', () => {
    expect(fingerprintConfidence(UA.ipadAsMac, 'MacIntel')).toBe(0.3);
  });

  it('is 0.3 for iPadOS Safari asking for the desktop site: a Mac user agent with a touch screen', () => {
    expect(fingerprintConfidence(UA.macSafari, 'MacIntel', 5)).toBe(0.3);
  });

  it('is 0.5 for desktop Safari', () => {
    expect(fingerprintConfidence(UA.macSafari, 'MacIntel')).toBe(0.5);
    expect(fingerprintConfidence(UA.macSafari, 'MacIntel', 0)).toBe(0.5);
  });

  it('is 0.6 for Chrome, Edge and Firefox on Windows', () => {
    expect(fingerprintConfidence(UA.windowsChrome, 'Win32')).toBe(0.6);
    expect(fingerprintConfidence(UA.windowsEdge, 'Win32')).toBe(0.6);
    expect(fingerprintConfidence(UA.windowsFirefox, 'Win32')).toBe(0.6);
  });

  it('is 0.5 for other browsers on a Mac', () => {
    expect(fingerprintConfidence(UA.macChrome, 'MacIntel')).toBe(0.5);
    expect(fingerprintConfidence(UA.macFirefox, 'MacIntel')).toBe(0.5);
  });

  it('is 0.7 on Linux', () => {
    expect(fingerprintConfidence(UA.linuxChrome, 'Linux x86_64')).toBe(0.7);
    expect(fingerprintConfidence(UA.linuxFirefox, 'Linux x86_64')).toBe(0.7);
  });
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

function clearCookies(): void {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

function cookie(name: string): string | null {
  const pair = document.cookie.split('; ').find((entry) => entry.startsWith(`${name}=`));
  return pair ? decodeURIComponent(pair.slice(name.length + 1)) : null;
}

function browser(userAgent: string, platform: string): void {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  vi.spyOn(navigator, 'platform', 'get').mockReturnValue(platform);
}

/** A fresh module each time: it caches the id at module level. */
async function freshModule() {
  vi.resetModules();
  return import('./device-id');
}

describe('the device id (docs/product.md §4)', () => {
  beforeEach(() => {
    clearCookies();
    load.mockReset();
  });

  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    clearCookies();
  });

  it('is the cmmtuuid cookie when present, without computing a fingerprint', async () => {
    document.cookie = 'cmmtuuid=device-from-cookie; path=/';
    browser(UA.linuxChrome, 'Linux x86_64');
    const { deviceId, ensureDeviceId } = await freshModule();
    expect(deviceId()).toBe('device-from-cookie');
    await expect(ensureDeviceId()).resolves.toBe('device-from-cookie');
    expect(load).not.toHaveBeenCalled();
  });

  it('is unknown before it is computed when there is no cookie', async () => {
    const { deviceId } = await freshModule();
    expect(deviceId()).toBeNull();
  });

  it('is a random UUID, kept in the cookie for 365 days, where the fingerprint has low confidence', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-10T12:00:00Z'));
    browser(UA.iphoneSafari, 'iPhone');
    const writes = vi.spyOn(document, 'cookie', 'set');
    const { deviceId, ensureDeviceId } = await freshModule();

    const id = await ensureDeviceId();

    expect(id).toMatch(UUID);
    expect(cookie('cmmtuuid')).toBe(id);
    expect(deviceId()).toBe(id);
    expect(load).not.toHaveBeenCalled();
    const written = writes.mock.calls.map(([value]) => String(value)).find((value) => value.startsWith('cmmtuuid='));
    const expires = /expires=([^;]+)/i.exec(written ?? '')?.[1];
    expect(expires).toBe(new Date(Date.now() + 365 * DAY_MS).toUTCString());
  });

  it('is a different random UUID on each device with low confidence', async () => {
    browser(UA.androidChrome, 'Linux armv81');
    const first = await (await freshModule()).ensureDeviceId();
    clearCookies();
    const second = await (await freshModule()).ensureDeviceId();
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(second).not.toBe(first);
  });

  it('is the fingerprint visitorId where confidence is high, loaded with monitoring off', async () => {
    browser(UA.linuxChrome, 'Linux x86_64');
    load.mockResolvedValue({ get: () => Promise.resolve({ visitorId: 'fp-visitor-1' }) });
    const { deviceId, ensureDeviceId } = await freshModule();

    await expect(ensureDeviceId()).resolves.toBe('fp-visitor-1');

    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith(expect.objectContaining({ monitoring: false }));
    expect(cookie('cmmtuuid')).toBe('fp-visitor-1');
    expect(deviceId()).toBe('fp-visitor-1');
  });

  it('falls back to a random UUID when the fingerprint library fails', async () => {
    browser(UA.windowsChrome, 'Win32');
    load.mockRejectedValue(new Error('blocked by an extension'));
    const { ensureDeviceId } = await freshModule();

    const id = await ensureDeviceId();

    expect(id).toMatch(UUID);
    expect(cookie('cmmtuuid')).toBe(id);
  });

  it('is a random UUID when the fingerprint does not come within 2 s, so that a sign-in waiting for it goes on', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    browser(UA.linuxChrome, 'Linux x86_64');
    load.mockResolvedValue({ get: () => new Promise(() => {}) });
    const { ensureDeviceId } = await freshModule();
    let id: string | undefined;
    void ensureDeviceId().then((value) => (id = value));

    await vi.advanceTimersByTimeAsync(1999);
    expect(id).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(id).toMatch(UUID);
    expect(cookie('cmmtuuid')).toBe(id);
  });

  it('is the fingerprint when it comes just within the 2 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    browser(UA.linuxChrome, 'Linux x86_64');
    load.mockResolvedValue({
      get: () => new Promise((resolve) => setTimeout(() => resolve({ visitorId: 'fp-visitor-2' }), 1990)),
    });
    const { ensureDeviceId } = await freshModule();
    let id: string | undefined;
    void ensureDeviceId().then((value) => (id = value));

    await vi.advanceTimersByTimeAsync(2500);
    expect(id).toBe('fp-visitor-2');
  });
});
