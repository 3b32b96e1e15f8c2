/**
 * Arrow keys between the items of a menu (WAI-ARIA APG, Disclosure navigation menu: Down and Up move
 * to the next and previous item, wrapping; Home and End to the first and last). Items carry `data-menu-item`.
 */
const STEPS: Record<string, (at: number, count: number) => number> = {
  ArrowDown: (at) => at + 1,
  ArrowUp: (at, count) => (at < 0 ? count - 1 : at - 1),
  Home: () => 0,
  End: (_at, count) => count - 1,
};

export function focusByKey(event: { key: string; currentTarget: HTMLElement; preventDefault(): void }): void {
  const step = STEPS[event.key];
  if (!step) return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-menu-item]:not(:disabled)')];
  if (items.length === 0) return;
  event.preventDefault();
  const at = items.indexOf(document.activeElement as HTMLElement);
  items[(step(at, items.length) + items.length) % items.length]?.focus();
}
