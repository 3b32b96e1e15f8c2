/**
 * The script-tag form: `<script src=".../widget.js" data-client-id="..." async>` mounts right after
 * itself and reports through DOM events on its container, so a plain page can listen whenever it
 * likes — nothing has to run before the script.
 */
import { mount, type KirishLocale, type KirishWidget } from './mount.js';

/** Each event is `kirish:` and its name: token, error, ready, urlchange, compact (docs/partners.md, Events). */
const EVENT_PREFIX = 'kirish:';

/**
 * Mounts for a script with `data-client-id` (and optional `data-locale`, `data-scope`,
 * `data-auto-prompt="false"` to keep the browser's FedCM prompt for the click, and `data-nonce`,
 * the nonce the partner's server checks in the ID token); null otherwise.
 */
export function mountScriptTag(script: HTMLScriptElement, ssoOrigin: string): KirishWidget | null {
  const { clientId, locale, scope, autoPrompt, nonce } = script.dataset;
  const container = script.parentElement;
  if (!clientId || !container) return null;
  const emit = (name: string, detail?: unknown) =>
    container.dispatchEvent(new CustomEvent(EVENT_PREFIX + name, { detail, bubbles: true }));
  return mount(
    container,
    {
      clientId,
      ssoOrigin,
      locale: locale as KirishLocale | undefined,
      scope,
      autoPrompt: autoPrompt !== 'false',
      nonce,
      onToken: (tokens) => emit('token', tokens),
      onError: (error) => emit('error', error),
      onReady: () => emit('ready'),
      onUrlChange: (url) => emit('urlchange', url),
      onCompact: () => emit('compact'),
    },
    script.nextSibling,
  );
}
