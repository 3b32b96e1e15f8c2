/**
 * Telling the account's contacts that its two-step verification changed (issue 41): turned off, the
 * app replaced, a recovery code used. Whoever did it with a stolen password and session is then seen
 * by the owner (NIST SP 800-63B §6.1.2.1: notify the subscriber of authenticator changes). Sent to
 * the phone and to a verified e-mail through the senders that carry the codes, in the language of
 * the request; a failure is logged and does not undo the change.
 */
import type { Locale } from '../../lib/locales.js';
import type { Sender } from '../../senders/sender.js';
import { translate } from '../../services/translations.js';
import type { User } from '../../storage/records.js';

/** What the routes that send the notice take beside RouteDeps. */
export interface NoticeDeps {
  sender: Sender;
  log: (message: string, error?: unknown) => void;
}

export type TwoStepChange = 'disabled' | 'changed' | 'recovery_code_used';

const TEXT_KEYS = {
  disabled: 'two_step_notice_disabled',
  changed: 'two_step_notice_changed',
  recovery_code_used: 'two_step_notice_recovery_code_used',
} as const;

export async function sendTwoStepNotice(
  deps: NoticeDeps,
  user: User,
  change: TwoStepChange,
  locale: Locale,
): Promise<void> {
  const text = translate(locale, TEXT_KEYS[change]);
  const subject = translate(locale, 'two_step_notice_subject');
  const contacts = [
    ...(user.phone ? [{ channel: 'sms' as const, to: user.phone }] : []),
    ...(user.email && user.emailVerified ? [{ channel: 'email' as const, to: user.email }] : []),
  ];
  for (const contact of contacts) {
    try {
      await deps.sender.send({ ...contact, code: '', text, subject });
    } catch (error) {
      deps.log('A two-step verification notice could not be sent', error);
    }
  }
}
