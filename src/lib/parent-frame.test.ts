import { describe, expect, it, vi } from 'vitest';
import { createParentFrame, reportableUrl, type FrameWindow } from './parent-frame';

const PARTNER = 'http://127.0.0.1:8081';

function framedWindow(search: string, options: { framed?: boolean; ancestors?: string[] } = {}) {
  const posted: { message: unknown; target: string }[] = [];
  const self = {};
  const win: FrameWindow = {
    location: {
      href: `http://localhost:8080/login${search}`,
      search,
      ...(options.ancestors
        ? { ancestorOrigins: Object.assign([...options.ancestors], { length: options.ancestors.length }) }
        : {}),
    },
    parent: { postMessage: (message, target) => posted.push({ message, target }) },
    self,
    top: options.framed === false ? self : {},
  };
  return { win, posted };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the URL reported to the parent', () => {
  it('keeps the origin, the path and the harmless parameters', () => {
    expect(reportableUrl('http://localhost:8080/register?language=ru&client_id=kirish-demo')).toBe(
      'http://localhost:8080/register?language=ru&client_id=kirish-demo',
    );
  });

  it('drops tokens, codes and request ids from the query, and any parameter it does not know', () => {
    expect(
      reportableUrl(
        'http://localhost:8080/?token=eyJ.a.b&access=x&refresh=y&code=123456&request_id=r&user_uuid=u&confirmType=phone',
      ),
    ).toBe('http://localhost:8080/');
  });

  it('drops the fragment, where a hand-off carries the refresh token', () => {
    expect(reportableUrl('http://localhost:8080/login#refresh=secret&sso_id=u')).toBe('http://localhost:8080/login');
  });
});

describe('posting iframeUrlChange to the parent', () => {
  it('posts to the confirmed origin only, after the server confirmed it for the client', async () => {
    const { win, posted } = framedWindow(`?client_id=kirish-demo&origin=${encodeURIComponent(PARTNER)}`);
    const confirm = vi.fn<(clientId: string, origin: string) => Promise<string>>(() => Promise.resolve(PARTNER));
    const frame = createParentFrame(win, confirm);
    frame.urlChanged('http://localhost:8080/login?client_id=kirish-demo&origin=x&token=t');
    frame.urlChanged('http://localhost:8080/register');
    await settle();
    expect(confirm).toHaveBeenCalledExactlyOnceWith('kirish-demo', PARTNER);
    expect(posted).toEqual([
      {
        message: { type: 'iframeUrlChange', url: 'http://localhost:8080/login?client_id=kirish-demo' },
        target: PARTNER,
      },
      { message: { type: 'iframeUrlChange', url: 'http://localhost:8080/register' }, target: PARTNER },
    ]);
  });

  it('posts widget messages to the confirmed origin only', async () => {
    const { win, posted } = framedWindow(`?client_id=kirish-demo&origin=${encodeURIComponent(PARTNER)}`);
    const frame = createParentFrame(win, () => Promise.resolve(PARTNER));
    frame.post({ source: 'kirish', v: 1, type: 'resize', height: 420 });
    await settle();
    expect(posted).toEqual([{ message: { source: 'kirish', v: 1, type: 'resize', height: 420 }, target: PARTNER }]);

    const refused = framedWindow(`?client_id=kirish-demo&origin=${encodeURIComponent(PARTNER)}`);
    const other = createParentFrame(refused.win, () => Promise.reject(new Error('origin_not_allowed')));
    other.post({ source: 'kirish', v: 1, type: 'ready' });
    await settle();
    expect(refused.posted).toEqual([]);
  });

  it('posts nothing when the server refuses the origin', async () => {
    const { win, posted } = framedWindow(`?client_id=kirish-demo&origin=${encodeURIComponent('https://evil.example')}`);
    const frame = createParentFrame(win, () => Promise.reject(new Error('origin_not_allowed')));
    frame.urlChanged('http://localhost:8080/login');
    expect(await frame.origin).toBeNull();
    expect(posted).toEqual([]);
  });

  it('posts nothing when the server confirms another origin than the one handed over', async () => {
    const { win, posted } = framedWindow(`?client_id=kirish-demo&origin=${encodeURIComponent(PARTNER)}`);
    const frame = createParentFrame(win, () => Promise.resolve('http://127.0.0.1:9999'));
    frame.urlChanged('http://localhost:8080/login');
    expect(await frame.origin).toBeNull();
    expect(posted).toEqual([]);
  });

  it('asks nothing and posts nothing when the browser names another parent origin', async () => {
    const { win, posted } = framedWindow(`?client_id=kirish-demo&origin=${encodeURIComponent(PARTNER)}`, {
      ancestors: ['https://evil.example'],
    });
    const confirm = vi.fn<(clientId: string, origin: string) => Promise<string>>(() => Promise.resolve(PARTNER));
    const frame = createParentFrame(win, confirm);
    frame.urlChanged('http://localhost:8080/login');
    expect(await frame.origin).toBeNull();
    expect(confirm).not.toHaveBeenCalled();
    expect(posted).toEqual([]);
  });

  it('asks nothing when it is not framed, or lacks a client id or an origin', async () => {
    const confirm = vi.fn<(clientId: string, origin: string) => Promise<string>>(() => Promise.resolve(PARTNER));
    for (const [search, framed] of [
      [`?client_id=kirish-demo&origin=${encodeURIComponent(PARTNER)}`, false],
      [`?origin=${encodeURIComponent(PARTNER)}`, true],
      ['?client_id=kirish-demo', true],
    ] as const) {
      const { win, posted } = framedWindow(search, { framed });
      const frame = createParentFrame(win, confirm);
      frame.urlChanged('http://localhost:8080/login');
      expect(await frame.origin).toBeNull();
      expect(posted).toEqual([]);
    }
    expect(confirm).not.toHaveBeenCalled();
  });
});
