import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadedIframe, SSO_ORIGIN, useEmbedHarness } from './test-support/embed-harness.js';

useEmbedHarness();

/** Runs the loader as if `script` were the tag that loaded it (`document.currentScript`). */
async function load(script: HTMLScriptElement | null): Promise<void> {
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
  await import('./loader.js');
}

/** A loader tag in a container that is not in the document, so happy-dom fetches no script. */
function loaderTag(data: Record<string, string>): { container: HTMLElement; script: HTMLScriptElement } {
  const container = document.createElement('div');
  const script = document.createElement('script');
  script.src = `${SSO_ORIGIN}/widget/widget.js`;
  Object.assign(script.dataset, data);
  container.append(script);
  return { container, script };
}

describe('the loader', () => {
  beforeEach(() => {
    vi.resetModules();
    Reflect.deleteProperty(window, 'Kirish');
  });

  it('mounts the tag that loaded it, onto the SSO origin of its src', async () => {
    const { container } = loaderTag({ clientId: 'partner-1' });

    await load(container.querySelector('script'));
    const iframe = await loadedIframe(container);

    expect(iframe.src.startsWith(`${SSO_ORIGIN}/embed?client_id=partner-1&`)).toBe(true);
  });

  it('exposes Kirish.mount, defaulting the SSO origin to its own', async () => {
    const { script } = loaderTag({});
    await load(script);
    const target = document.createElement('div');

    window.Kirish.mount(target, { clientId: 'partner-2' });
    const iframe = await loadedIframe(target);

    expect(script.nextSibling).toBeNull();
    expect(new URL(iframe.src).origin).toBe(SSO_ORIGIN);
    expect(new URL(iframe.src).searchParams.get('client_id')).toBe('partner-2');
  });

  it('asks for the SSO origin when no script tag tells it', async () => {
    await load(null);

    expect(() => window.Kirish.mount(document.createElement('div'), { clientId: 'partner-1' })).toThrow(/ssoOrigin/);
  });
});
