/**
 * Before it frames anything, the widget asks the SSO whether this page's origin is a web origin of
 * the client (GET /oauth/embed_origin/): a refused origin gets an error code and a console hint the
 * developer can act on — never the browser's broken-frame page.
 */
import { describe, expect, it, vi } from 'vitest';
import { mount } from './mount.js';
import {
  EMBED_ORIGIN_ENDPOINT,
  loadedIframe,
  settle,
  SSO_ORIGIN,
  useEmbedHarness,
} from './test-support/embed-harness.js';

const harness = useEmbedHarness();

function mountIn(options: { locale?: 'ru' } = {}) {
  const container = document.createElement('div');
  document.body.append(container);
  const onError = vi.fn<(error: string) => void>();
  const widget = mount(container, { clientId: 'partner-1', ssoOrigin: SSO_ORIGIN, onError, ...options });
  return { container, onError, widget };
}

describe('the origin check before the widget frames the SSO', () => {
  it('asks embed_origin for this client and this page’s origin, without credentials, before it opens the iframe', async () => {
    const { container } = mountIn();
    // The frame holds its place at once, empty: nothing of the SSO is loaded before the check.
    expect(container.querySelector('iframe')?.getAttribute('src')).toBeNull();

    const iframe = await loadedIframe(container);

    expect(harness.originCheck).toHaveBeenCalledTimes(1);
    const [url, init] = harness.originCheck.mock.calls[0] ?? [];
    const asked = new URL(String(url));
    expect(`${asked.origin}${asked.pathname}`).toBe(EMBED_ORIGIN_ENDPOINT);
    expect(Object.fromEntries(asked.searchParams)).toEqual({ client_id: 'partner-1', origin: location.origin });
    expect(init?.credentials ?? 'same-origin').not.toBe('include');
    expect(iframe.src.startsWith(`${SSO_ORIGIN}/embed?`)).toBe(true);
  });

  it('reads the confirmation to its end: an unread body would hold its request open (the page never idle)', async () => {
    const { container } = mountIn();
    await loadedIframe(container);
    const answered = await harness.originCheck.mock.results[0]?.value;
    expect((answered as Response).bodyUsed).toBe(true);
  });

  it.each(['origin_not_allowed', 'invalid_client'])(
    'reports %s, names the origin and where to register it, and opens no iframe',
    async (code) => {
      harness.answerOriginCheck(400, {
        errors: [{ error: code, field: code === 'invalid_client' ? 'client_id' : 'origin' }],
      });
      const { container, onError } = mountIn();

      await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(code));
      await settle();

      expect(onError).toHaveBeenCalledTimes(1);
      expect(container.querySelector('iframe')).toBeNull();
      expect(harness.fetch).not.toHaveBeenCalled();
      const logged = harness.takeConsoleErrors();
      expect(logged).toHaveLength(1);
      const hint = String(logged[0]?.[0]);
      expect(hint).toContain(code);
      expect(hint).toContain('partner-1');
      expect(hint).toContain(`Add ${location.origin} to the web origins of your app at ${SSO_ORIGIN}/developers`);
      // This test page is plain http, as a developer's page on their machine: the hint shows in the frame's place too.
      expect(location.protocol).toBe('http:');
      expect(container.textContent).toBe(hint);
    },
  );

  it('reports network_error and opens no iframe when the SSO cannot be reached', async () => {
    harness.originCheck.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { container, onError } = mountIn();

    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith('network_error'));
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('passes on another refusal’s code (a rate limit) without the origin hint', async () => {
    harness.answerOriginCheck(429, { errors: [{ error: 'too_many_requests' }] });
    const { container, onError } = mountIn();

    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith('too_many_requests'));
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('opens nothing and reports nothing when unmounted before the answer came', async () => {
    harness.answerOriginCheck(400, { errors: [{ error: 'origin_not_allowed', field: 'origin' }] });
    const refused = mountIn();
    refused.widget.unmount();
    const allowed = (harness.answerOriginCheck(200, null), mountIn());
    allowed.widget.unmount();

    await settle();
    await settle();

    expect(refused.onError).not.toHaveBeenCalled();
    expect(allowed.container.querySelector('iframe')).toBeNull();
    harness.takeConsoleErrors();
  });

  it('hands the locale to the embed page as `language`, the query parameter the site reads (docs/product.md §2)', async () => {
    const { container } = mountIn({ locale: 'ru' });

    const iframe = await loadedIframe(container);

    expect(new URL(iframe.src).searchParams.get('language')).toBe('ru');
    expect(new URL(iframe.src).searchParams.has('locale')).toBe(false);
  });
});
