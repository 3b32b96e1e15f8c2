/**
 * A form a person sent (Enter) while its prerendered page was not live yet: the page's inline
 * script (server/scripts/prerender.mjs) keeps it in `window.kirishEarlySubmit`. The form takes it
 * once, when it hydrates, and sends itself with what was typed.
 */
type EarlyWindow = Window & { kirishEarlySubmit?: HTMLFormElement };

export function takeEarlySubmit(form: HTMLFormElement): boolean {
  const early = window as EarlyWindow;
  if (early.kirishEarlySubmit !== form) return false;
  delete early.kirishEarlySubmit;
  return true;
}
