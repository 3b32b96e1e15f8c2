import { useState } from 'react';
import { TextField } from './text-field';

interface PasswordFieldProps {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  autoComplete: 'current-password' | 'new-password';
  showLabel: string;
  hideLabel: string;
  name?: string;
}

/** A password input with a show/hide toggle that is a real, labelled button. */
export function PasswordField({ showLabel, hideLabel, name = 'password', ...field }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...field}
      name={name}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      after={
        <button type="button" className="field-toggle" aria-pressed={visible} onClick={() => setVisible(!visible)}>
          {visible ? hideLabel : showLabel}
        </button>
      }
    />
  );
}
