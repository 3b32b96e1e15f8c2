/**
 * The height the widget's frame needs, reported to the partner page whenever it changes: the loader
 * sizes the iframe to it (widget/protocol.ts `resize`), so the form is never cut off and the frame
 * never scrolls. It is the whole document's height — the layout's padding around the screen counts
 * too — which the embedded page keeps equal to its content (styles.css, `html.embedded .layout`:
 * no viewport-high minimum, which would only ever report the frame's own height back).
 *
 * A browser runs no rendering, hence no ResizeObserver, in a cross-origin frame that is out of
 * sight: a frame below the fold reports its height when it is scrolled into view.
 */
import type { KirishMessage } from '../../../widget/protocol';
import { widgetMessage } from './widget-messages';

/** The page's height, posted to the partner as `resize` whenever it changes; returns the stop. */
export function reportFrameHeight(frame: { post: (message: KirishMessage) => void }): () => void {
  return observeFrameHeight(document.documentElement, (height) => frame.post(widgetMessage('resize', { height })));
}

export function observeFrameHeight(root: HTMLElement, report: (heightPx: number) => void): () => void {
  if (typeof ResizeObserver === 'undefined') return () => {};
  let last = -1;
  const measure = () => {
    const height = Math.ceil(root.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    report(height);
  };
  const observer = new ResizeObserver(measure);
  observer.observe(root);
  return () => observer.disconnect();
}
