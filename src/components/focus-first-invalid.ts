/**
 * After a submit, the focus goes to the form's first field in error — one the form's own check
 * marked at once, or one the server's answer marks later. A form knows nothing of its model's calls,
 * so it watches its own fields (aria-invalid) until one is marked, the person types, or a while passes.
 */
const INVALID = '[aria-invalid="true"]';
/** Longer than a slow answer; a field marked after that is not the result of this submit. */
const WATCH_MS = 15_000;

/** Starts watching `form`; returns the function that stops it. */
export default function focusFirstInvalid(form: HTMLFormElement, watchMs = WATCH_MS): () => void {
  let stopped = false;
  const focusIfInvalid = (): boolean => {
    const invalid = form.querySelector<HTMLElement>(INVALID);
    if (!invalid) return false;
    invalid.focus();
    stop();
    return true;
  };
  const observer = new MutationObserver(() => void focusIfInvalid());
  const timer = setTimeout(() => stop(), watchMs);
  function stop() {
    if (stopped) return;
    stopped = true;
    observer.disconnect();
    clearTimeout(timer);
    form.removeEventListener('input', stop);
  }
  // The person typing means they chose where to be.
  form.addEventListener('input', stop);
  observer.observe(form, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-invalid'] });
  // The form's own check may have marked a field before this ran; React commits it soon after.
  queueMicrotask(() => {
    if (!stopped) focusIfInvalid();
  });
  return stop;
}
