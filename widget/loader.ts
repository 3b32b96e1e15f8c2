/**
 * The loader's entry, built as one IIFE (`dist/widget/widget.js`, served at `/widget/widget.js`):
 * it exposes `window.Kirish.mount` and mounts the script tag that loaded it when that tag has
 * `data-client-id`.
 */
import { mount, type KirishOptions, type KirishWidget } from './mount.js';
import { mountScriptTag } from './script-tag.js';

declare global {
  interface Window {
    Kirish: { mount(element: Element, options: KirishOptions): KirishWidget };
  }
}

// Read while this script runs: `document.currentScript` is null afterwards (and in callbacks).
const script = document.currentScript as HTMLScriptElement | null;
const scriptOrigin = script?.src ? new URL(script.src).origin : undefined;

window.Kirish = {
  mount: (element, options) => mount(element, { ...options, ssoOrigin: options.ssoOrigin ?? scriptOrigin }),
};

if (script && scriptOrigin) mountScriptTag(script, scriptOrigin);
