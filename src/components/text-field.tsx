import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** The translated error sentence shown beside the field and announced. */
  error?: string | undefined;
  hint?: string | undefined;
  prefix?: string;
  after?: ReactNode;
}

/** A labelled input whose error is tied to it (aria-describedby, aria-invalid) and read out when it appears. */
export function TextField({
  label,
  value,
  onValue,
  error,
  hint,
  prefix,
  after,
  id,
  className,
  ...rest
}: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${error ? 'field-invalid' : ''} ${className ?? ''}`}>
      <label htmlFor={inputId}>{label}</label>
      <div className="field-control">
        {prefix ? (
          <span className="field-prefix" aria-hidden="true">
            {prefix}
          </span>
        ) : null}
        <input
          {...rest}
          id={inputId}
          value={value}
          onChange={(event) => onValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {after}
      </div>
      {hint && !error ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <p id={errorId} className="field-error" role="alert" hidden={!error}>
        {error}
      </p>
    </div>
  );
}
