/**
 * Telling the person a complaint was answered, through the senders that carry the codes (SMS or
 * e-mail; outside production the dev outbox): the e-mail carries the answer, the SMS only the number
 * and where to read it (an SMS is short and shows on a locked screen).
 */
import { DEFAULT_LOCALE, isLocale } from '../../contract/locales.js';
import type { Sender } from '../../senders/sender.js';
import { translate } from '../../services/translations.js';
import type { Complaint } from '../../storage/storage.js';

export async function sendAnswerNotice(sender: Sender, complaint: Complaint, answer: string): Promise<void> {
  const locale = isLocale(complaint.locale) ? complaint.locale : DEFAULT_LOCALE;
  const number = complaint.number;
  const subject = translate(locale, 'complaint_answered_email_subject', { number });
  const text =
    complaint.contactType === 'phone'
      ? translate(locale, 'complaint_answered_sms_text', { number })
      : translate(locale, 'complaint_answered_email_text', { number, answer });
  await sender.send({
    channel: complaint.contactType === 'phone' ? 'sms' : 'email',
    to: complaint.contact,
    code: '',
    text,
    subject,
  });
}
