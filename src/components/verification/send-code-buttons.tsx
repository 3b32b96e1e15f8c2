import { Button } from '../button';
import { useI18n } from '../../lib/use-i18n';
import type { Channel } from './code-sender';

/**
 * The ways to get a code: the form's submit button (SMS for a phone, e-mail for an address) and,
 * for a phone, a call that reads the code aloud.
 */
export function SendCodeButtons({
  isPhone,
  busy,
  onSend,
}: {
  isPhone: boolean;
  busy: boolean;
  onSend: (how: Channel) => void;
}) {
  const i18n = useI18n();
  return (
    <div className="stack-tight">
      <Button type="submit" busy={busy}>
        {i18n.t(isPhone ? 'get_code_sms' : 'get_code_email')}
      </Button>
      {isPhone ? (
        <Button variant="secondary" busy={busy} onClick={() => onSend('call')}>
          {i18n.t('get_code_call')}
        </Button>
      ) : null}
    </div>
  );
}
