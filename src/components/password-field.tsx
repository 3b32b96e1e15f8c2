import { useState } from 'react';
import { Icon } from './icon';
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
  autoFocus?: boolean;
}

/** A password input with a show/hide toggle: a real button, named by its words, drawn as an eye. */
export function PasswordField({ showLabel, hideLabel, name = 'password', ...field }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...field}
      name={name}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      after={
        <button
          type="button"
          className="field-toggle"
          aria-label={visible ? hideLabel : showLabel}
          title={visible ? hideLabel : showLabel}
          aria-pressed={visible}
          onClick={() => setVisible(!visible)}
        >
          <Icon name={visible ? 'eye-off' : 'eye'} />
        </button>
      }
    />
  );
}
