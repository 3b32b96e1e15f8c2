import { describe, expect, it, vi } from 'vitest';
import { mountScriptTag } from './script-tag.js';
import { loadedIframe, message, post, SSO_ORIGIN, TOKENS, useEmbedHarness } from './test-support/embed-harness.js';

const harness = useEmbedHarness();

function scriptTag(data: Record<string, string>) {
  const container = document.createElement('section');
  const script = document.createElement('script');
  Object.assign(script.dataset, data);
  const after = document.createElement('p');
  container.append(script, after);
  document.body.append(container);
  return { container, script, after };
}

describe('mountScriptTag', () => {
  it('mounts right after its script, with the data-locale and data-scope it carries', async () => {
    const { container, script, after } = scriptTag({ clientId: 'partner-1', locale: 'kaa', scope: 'openid' });

    mountScriptTag(script, SSO_ORIGIN);
    const iframe = await loadedIframe(container);

    expect(script.nextSibling).toBe(iframe);
    expect(iframe.nextSibling).toBe(after);
    const params = new URL(iframe.src).searchParams;
    expect([params.get('client_id'), params.get('language'), params.get('scope')]).toEqual([
      'partner-1',
      'kaa',
      'openid',
    ]);
  });

  it('asks for the nonce of data-nonce, which the partner’s server checks in the ID token', async () => {
    const { container, script } = scriptTag({ clientId: 'partner-1', nonce: 'server-made-nonce-7f3a' });

    mountScriptTag(script, SSO_ORIGIN);
    const iframe = await loadedIframe(container);

    expect(new URL(iframe.src).searchParams.get('nonce')).toBe('server-made-nonce-7f3a');
  });

  it('reports through kirish: events on its container that bubble to the document', async () => {
    const { container, script } = scriptTag({ clientId: 'partner-1' });
    const events: [string, unknown][] = [];
    const listening = new AbortController();
    for (const type of ['kirish:ready', 'kirish:urlchange', 'kirish:error', 'kirish:token', 'kirish:compact']) {
      document.addEventListener(type, (event) => events.push([type, (event as CustomEvent).detail]), {
        signal: listening.signal,
      });
    }

    mountScriptTag(script, SSO_ORIGIN);
    const iframe = await loadedIframe(container);
    const state = new URL(iframe.src).searchParams.get('state');
    post(message('ready'), iframe.contentWindow);
    post({ type: 'iframeUrlChange', url: `${SSO_ORIGIN}/embed/login` }, iframe.contentWindow);
    post(message('error', { error: 'access_denied' }), iframe.contentWindow);
    post(message('authorization', { code: 'code-1', state }), iframe.contentWindow);
    await vi.waitFor(() => expect(events).toHaveLength(4));
    post(message('compact'), iframe.contentWindow);

    expect(events).toEqual([
      ['kirish:ready', null],
      ['kirish:urlchange', `${SSO_ORIGIN}/embed/login`],
      ['kirish:error', 'access_denied'],
      ['kirish:token', TOKENS],
      ['kirish:compact', null],
    ]);
    listening.abort();
  });

  it('fires kirish:error with origin_not_allowed and mounts nothing where the page’s origin is not registered', async () => {
    harness.answerOriginCheck(400, { errors: [{ error: 'origin_not_allowed', field: 'origin' }] });
    const { container, script } = scriptTag({ clientId: 'partner-1' });
    const errors: unknown[] = [];
    container.addEventListener('kirish:error', (event) => errors.push((event as CustomEvent).detail));

    mountScriptTag(script, SSO_ORIGIN);

    await vi.waitFor(() => expect(errors).toEqual(['origin_not_allowed']));
    expect(container.querySelector('iframe')).toBeNull();
    expect(harness.takeConsoleErrors()).toHaveLength(1);
  });

  it('leaves a script without data-client-id alone', () => {
    const { container, script } = scriptTag({});

    expect(mountScriptTag(script, SSO_ORIGIN)).toBeNull();
    expect(container.querySelector('iframe')).toBeNull();
  });
});
