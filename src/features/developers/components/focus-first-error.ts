/**
 * After a refused submit, the first field said to be wrong takes the focus: on a long form the
 * mistake may be out of sight, and a keyboard user lands where the fix is. Its sentence is read
 * out with it (aria-describedby).
 */
export function focusFirstError(): void {
  requestAnimationFrame(() => document.querySelector<HTMLElement>('main [aria-invalid="true"]')?.focus());
}
