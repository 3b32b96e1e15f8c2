import { useId, type TextareaHTMLAttributes } from 'react';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> {
  label: string;
  name: string;
  value: string;
  onValue: (value: string) => void;
  /** Said above the text area, before anything is typed. */
  hint: string;
  /** The translated error sentence shown under the field and announced. */
  error: string | undefined;
  /** Keeps the error's line breaks (an error per line of a list, as the developers' lists give). */
  multilineError?: boolean;
}

/**
 * A labelled text area with its hint, its error tied to it (aria-describedby, aria-invalid) and read
 * out when it appears: the complaint's text, the developer form's lists of one entry per line.
 */
export function TextAreaField({ label, value, onValue, hint, error, multilineError, ...rest }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className={`field ${error ? 'field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-hint`} className="field-hint">
        {hint}
      </p>
      <div className="field-control">
        <textarea
          id={id}
          rows={6}
          {...rest}
          value={value}
          onChange={(event) => onValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        />
      </div>
      <p
        id={`${id}-error`}
        className={`field-error${multilineError ? ' lines-error' : ''}`}
        role="alert"
        hidden={!error}
      >
        {error}
      </p>
    </div>
  );
}
