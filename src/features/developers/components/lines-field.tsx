import { useId } from 'react';

/** A labelled text area of one entry per line, its hint and its error tied to it and read out when it appears. */
export function LinesField(props: {
  label: string;
  name: string;
  value: string;
  onValue: (value: string) => void;
  hint: string;
  error: string | undefined;
  placeholder: string;
}) {
  const id = useId();
  const describedBy = `${id}-hint${props.error ? ` ${id}-error` : ''}`;
  return (
    <div className={`field ${props.error ? 'field-invalid' : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      <p id={`${id}-hint`} className="field-hint">
        {props.hint}
      </p>
      <div className="field-control">
        <textarea
          id={id}
          name={props.name}
          rows={3}
          value={props.value}
          placeholder={props.placeholder}
          spellCheck={false}
          autoCapitalize="none"
          autoCorrect="off"
          onChange={(event) => props.onValue(event.target.value)}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy}
        />
      </div>
      <p id={`${id}-error`} className="field-error lines-error" role="alert" hidden={!props.error}>
        {props.error}
      </p>
    </div>
  );
}
