import { act, StrictMode, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { KirishLogin } from './react.js';
import { loadedIframe, message, post, SSO_ORIGIN, useEmbedHarness } from './test-support/embed-harness.js';

useEmbedHarness();

let root: Root | null = null;
let host: HTMLElement;

beforeAll(() => {
  // Tells React that this environment wraps updates in act().
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

function render(element: ReactNode): void {
  if (!root) {
    host = document.createElement('main');
    document.body.append(host);
    root = createRoot(host);
  }
  act(() => root?.render(element));
}

describe('KirishLogin', () => {
  it('renders a div and mounts the login into it once, keeping it across new callbacks', async () => {
    const firstReady = vi.fn<() => void>();
    const laterReady = vi.fn<() => void>();

    render(<KirishLogin clientId="partner-1" ssoOrigin={SSO_ORIGIN} className="login" onReady={firstReady} />);
    const iframe = await loadedIframe(host);
    render(<KirishLogin clientId="partner-1" ssoOrigin={SSO_ORIGIN} className="login" onReady={laterReady} />);
    post(message('ready'), iframe.contentWindow);

    expect(host.firstElementChild?.tagName).toBe('DIV');
    expect(host.firstElementChild?.className).toBe('login');
    expect(host.querySelectorAll('iframe')).toHaveLength(1);
    expect(host.querySelector('iframe')).toBe(iframe);
    expect(laterReady).toHaveBeenCalledTimes(1);
    expect(firstReady).not.toHaveBeenCalled();
  });

  it('calls onCompact when the frame has drawn its compact chip', async () => {
    const onCompact = vi.fn<() => void>();

    render(<KirishLogin clientId="partner-1" ssoOrigin={SSO_ORIGIN} onCompact={onCompact} />);
    const iframe = await loadedIframe(host);
    post(message('compact'), iframe.contentWindow);

    expect(onCompact).toHaveBeenCalledTimes(1);
  });

  it('starts a new authorization request when the locale changes', async () => {
    render(<KirishLogin clientId="partner-1" ssoOrigin={SSO_ORIGIN} locale="uz" />);
    const first = await loadedIframe(host);
    render(<KirishLogin clientId="partner-1" ssoOrigin={SSO_ORIGIN} locale="en" />);
    const second = await loadedIframe(host);

    expect(first.isConnected).toBe(false);
    expect(host.querySelectorAll('iframe')).toHaveLength(1);
    expect(new URL(second.src).searchParams.get('language')).toBe('en');
  });

  it('leaves one iframe under StrictMode’s mount, unmount and mount again', async () => {
    render(
      <StrictMode>
        <KirishLogin clientId="partner-1" ssoOrigin={SSO_ORIGIN} />
      </StrictMode>,
    );
    await loadedIframe(host);

    expect(host.querySelectorAll('iframe')).toHaveLength(1);
  });

  it('removes the iframe and its message listener when unmounted', async () => {
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    render(<KirishLogin clientId="partner-1" ssoOrigin={SSO_ORIGIN} />);
    const iframe = await loadedIframe(host);
    const listener = added.mock.calls.find(([type]) => type === 'message')?.[1];

    act(() => root?.unmount());
    root = null;

    expect(iframe.isConnected).toBe(false);
    expect(host.innerHTML).toBe('');
    expect(listener).toBeDefined();
    expect(removed).toHaveBeenCalledWith('message', listener);
  });
});
