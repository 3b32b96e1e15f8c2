import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCookie, removeCookie, setCookie } from './cookies';

/** What the page writes to document.cookie from now on, as the browser receives it. */
function watchWrites(): () => string[] {
  const set = vi.spyOn(document, 'cookie', 'set');
  return () => set.mock.calls.map(([line]) => String(line));
}

const EPOCH = 'Thu, 01 Jan 1970 00:00:00 GMT';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  removeCookie('cmmtuuid');
});

describe('the site’s cookies', () => {
  it('are first-party SameSite=Lax cookies on the site itself, read back as written', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T12:00:00Z'));
    const lines = watchWrites();
    setCookie('cmmtuuid', 'id 1/2', 365);
    vi.useRealTimers();
    expect(lines()).toEqual([
      `cmmtuuid=${encodeURIComponent('id 1/2')}; expires=Fri, 26 Nov 2027 12:00:00 GMT; path=/; SameSite=Lax`,
    ]);
    vi.restoreAllMocks();
    setCookie('cmmtuuid', 'id 1/2', 365);
    expect(getCookie('cmmtuuid')).toBe('id 1/2');
    removeCookie('cmmtuuid');
    expect(getCookie('cmmtuuid')).toBeNull();
  });

  it('are SameSite=None; Secure; Partitioned inside a partner’s frame (CHIPS), removed there the same way', () => {
    vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
    const lines = watchWrites();
    setCookie('cmmtuuid', 'device-1', 365);
    removeCookie('cmmtuuid');
    expect(lines()[0]).toMatch(/^cmmtuuid=device-1; expires=[^;]+ GMT; path=\/; SameSite=None; Secure; Partitioned$/);
    expect(lines()[1]).toBe(`cmmtuuid=; expires=${EPOCH}; path=/; SameSite=None; Secure; Partitioned`);
  });
});
