import { useId } from 'react';

/** A labelled select whose error is tied to it and read out, like TextField. */
export function SelectField(props: {
  label: string;
  name: string;
  value: string;
  options: { value: string; label: string }[];
  placeholder: string;
  disabled?: boolean;
  error?: string | undefined;
  onValue: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={`field ${props.error ? 'field-invalid' : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      <div className="field-control">
        <select
          id={id}
          name={props.name}
          value={props.value}
          disabled={props.disabled}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? `${id}-error` : undefined}
          onChange={(event) => props.onValue(event.target.value)}
        >
          <option value="">{props.placeholder}</option>
          {props.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <p id={`${id}-error`} className="field-error" role="alert" hidden={!props.error}>
        {props.error}
      </p>
    </div>
  );
}
