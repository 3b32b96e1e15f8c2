/**
 * A destructive action asked in a modal dialog (HTML's <dialog>, shown modal: the page behind is
 * inert, Escape cancels, the focus comes back to where it was when it closes). The focus starts on
 * Cancel, the safe choice; only Confirm acts.
 */
import { useEffect, useId, useRef } from 'react';
import { Button } from '../../../components/button';

export function ConfirmDialog(props: {
  question: string;
  /** What the action destroys, named under the question. */
  detail?: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useEffect(() => {
    const shown = dialog.current;
    if (!shown) return;
    shown.showModal();
    cancel.current?.focus();
    return () => shown.close();
  }, []);
  return (
    <dialog ref={dialog} className="confirm-dialog" aria-labelledby={titleId} onClose={props.onClose}>
      <p id={titleId} className="confirm-question">
        {props.question}
      </p>
      {props.detail ? <p className="confirm-detail">{props.detail}</p> : null}
      <div className="row">
        <Button
          variant="danger"
          onClick={() => {
            props.onConfirm();
            props.onClose();
          }}
        >
          {props.confirmLabel}
        </Button>
        <Button variant="secondary" ref={cancel} onClick={props.onClose}>
          {props.cancelLabel}
        </Button>
      </div>
    </dialog>
  );
}
