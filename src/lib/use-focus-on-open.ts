import { useEffect, useRef } from 'react';

/**
 * Moves the focus into a form the person just opened on the page (an inline form of Security or
 * Personal): to its first field, so that a keyboard or screen-reader user lands where the typing
 * starts rather than on the button that opened it (WCAG 2.2 §2.4.3, focus order).
 */
export function useFocusOnOpen<T extends HTMLElement>(open = true) {
  const container = useRef<T>(null);
  useEffect(() => {
    if (!open) return;
    container.current
      ?.querySelector<HTMLElement>('input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea')
      ?.focus();
  }, [open]);
  return container;
}
