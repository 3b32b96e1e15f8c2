/**
 * Hands what a person typed into a prerendered form before its script ran to the form's React
 * handlers. While hydrating, React leaves a field's value as the browser holds it but does not tell
 * the component, whose state still says "empty"; its next render would wipe the text.
 *
 * React notices a change by comparing the field's value with the one it last saw, which it tracks by
 * wrapping the element's own `value` setter. So: set the value through that wrapper to what the
 * server rendered (React now believes the field holds that), put the typed text back through the
 * prototype's setter (which React does not see), and send the `input` event a keystroke would.
 */
const TYPED_FIELDS = 'input:not([type=checkbox]):not([type=radio]):not([type=hidden]):not([type=file]), textarea';

export function adoptTypedValues(form: HTMLFormElement): void {
  for (const field of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TYPED_FIELDS)) {
    const typed = field.value;
    const rendered = field.defaultValue;
    if (typed === rendered) continue;
    const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
    if (!setValue) continue;
    field.value = rendered;
    setValue.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
