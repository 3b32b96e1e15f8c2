import type { ButtonHTMLAttributes, Ref } from 'react';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'danger' | 'link';
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** A button that says it is busy (aria-busy) and cannot be pressed twice while it is. */
export function Button({ variant = 'primary', busy = false, disabled, className, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button {...rest} type={type} className={`button button-${variant} ${className ?? ''}`} disabled={disabled || busy} aria-busy={busy || undefined}>
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      <span>{children}</span>
    </button>
  );
}
