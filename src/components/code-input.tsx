/**
 * The one-time code field of every flow: one box per digit, the focus moving on as digits arrive
 * and back with Backspace, the arrow keys moving between boxes. A paste of the code into any box, or
 * the browser's autofill from the SMS (autocomplete="one-time-code", HTML §4.10.18.7.1), fills them
 * all. The group has one accessible name (the label), each box says which digit it is.
 *
 * The submit rule of every code field lives here: `onComplete` runs once when the last digit arrives,
 * typed, pasted or filled in; the form's button stays for keyboard and screen-reader users.
 */
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { OTP_DIGITS } from '../../server/src/contract/verification.js';
import { useI18n } from '../lib/use-i18n';
import { completes, enterDigits, eraseBefore, type CodeEdit } from './code-digits';

export interface CodeInputProps {
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** The last digit arrived: the flow sends the code. */
  onComplete: () => void;
  error?: string | undefined;
  hint?: string | undefined;
  autoFocus?: boolean;
  length?: number;
}

export function CodeInput({
  label,
  value,
  onValue,
  onComplete,
  error,
  hint,
  autoFocus,
  length = OTP_DIGITS,
}: CodeInputProps) {
  const i18n = useI18n();
  const id = useId();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  useEffect(() => {
    if (autoFocus) boxes.current[0]?.focus();
  }, [autoFocus]);
  const describedBy = [hint && !error ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');

  const apply = (edit: CodeEdit | null) => {
    if (!edit) return;
    onValue(edit.value);
    boxes.current[edit.focus]?.focus();
    if (completes(value, edit.value, length)) onComplete();
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    const move = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (move) {
      event.preventDefault();
      boxes.current[index + move]?.focus();
    } else if (event.key === 'Backspace') {
      const edit = eraseBefore(value, index, length);
      if (edit) {
        event.preventDefault();
        apply(edit);
      }
    }
  };

  return (
    <div className={`field field-code${error ? ' field-invalid' : ''}`}>
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <div
        className="code-boxes"
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy || undefined}
      >
        {Array.from({ length }, (_, index) => (
          <input
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            aria-label={i18n.t('code_digit', { n: String(index + 1), total: String(length) })}
            aria-invalid={error ? true : undefined}
            name={index === 0 ? 'code' : undefined}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            value={(value[index] ?? '').trim()}
            onFocus={(event) => event.target.select()}
            onChange={(event) => apply(enterDigits(value, index, event.target.value, length))}
            onPaste={(event) => {
              event.preventDefault();
              apply(enterDigits(value, index, event.clipboardData.getData('text'), length));
            }}
            onKeyDown={onKeyDown(index)}
          />
        ))}
      </div>
      {hint && !error ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      <p id={`${id}-error`} className="field-error" role="alert" hidden={!error}>
        {error}
      </p>
    </div>
  );
}
