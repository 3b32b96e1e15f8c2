import type { ButtonHTMLAttributes, Ref } from 'react';
import { useHydrated } from '../lib/use-hydrated';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /**
   * docs/design.md, Buttons: primary (the one main action of a screen), secondary (the others),
   * danger (only what destroys: deactivate, delete, remove), text (a quiet action inside a
   * sentence or a list; it looks like a button, never like a link, for it is not one).
   */
  variant?: 'primary' | 'secondary' | 'danger' | 'text';
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button that says it is busy (aria-busy) and cannot be pressed twice while it is.
 *
 * A submit button of a prerendered page (issue 9) waits for the page's script: pressed before, the
 * browser would send the form itself, as a GET that puts what was typed, a password too, into the
 * address. A disabled default button also stops Enter from sending it (HTML §4.10.21.2, implicit
 * submission). It does not look disabled meanwhile: it is a matter of a moment.
 */
export function Button({
  variant = 'primary',
  busy = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const live = useHydrated();
  const waiting = type === 'submit' && !live;
  return (
    <button
      {...rest}
      type={type}
      className={`button button-${variant}${waiting ? ' button-waiting' : ''} ${className ?? ''}`}
      disabled={disabled || busy || waiting}
      aria-busy={busy || undefined}
    >
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      <span>{children}</span>
    </button>
  );
}
