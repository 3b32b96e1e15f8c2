import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';

/**
 * A destructive action asked twice: the first press shows the question with Confirm and Cancel
 * beside it (focus moves to Cancel, the safe choice); only Confirm acts.
 */
export function ConfirmButton(props: {
  label: ReactNode;
  question: string;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) cancel.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <Button variant="secondary" busy={props.busy} onClick={() => setAsking(true)}>
        {props.label}
      </Button>
    );
  }
  return (
    <div className="confirm" role="group" aria-label={props.question}>
      <p className="confirm-question">{props.question}</p>
      <div className="row">
        <Button
          variant="danger"
          busy={props.busy}
          onClick={() => {
            setAsking(false);
            props.onConfirm();
          }}
        >
          {props.confirmLabel}
        </Button>
        <Button variant="secondary" ref={cancel} onClick={() => setAsking(false)}>
          {props.cancelLabel}
        </Button>
      </div>
    </div>
  );
}
