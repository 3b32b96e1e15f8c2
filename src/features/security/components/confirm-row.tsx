/**
 * The question a row's destructive action asks first (end a session, take an app's access back): a
 * line of its own under the row, across the list, with the red Confirm and Cancel; the focus goes to
 * Cancel, the safe choice, and comes back to the row's button when it closes (it is the same button).
 */
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/button';
import { useI18n } from '../../../lib/use-i18n';

export function ConfirmRow(props: {
  question: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const i18n = useI18n();
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <li className="row-confirm">
      <div className="confirm" role="group" aria-label={props.question}>
        <p className="confirm-question">{props.question}</p>
        <div className="row">
          <Button variant="danger" busy={props.busy} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
          <Button variant="secondary" ref={cancel} onClick={props.onCancel}>
            {i18n.t('cancel')}
          </Button>
        </div>
      </div>
    </li>
  );
}
