/** Sending a one-time code, its "sent" toast, and the resend countdown. */
import { signal } from '@preact/signals-react';
import { sendCode } from '../api/send-code';
import type { AuthApi, Contact } from '../api/types';
import type { Form } from './form';

export type Channel = 'sms' | 'call' | 'email';

export function createCodeSender(deps: { api: AuthApi; form: Form; now: () => number; announce: (key: string, to: string) => void }) {
  const sentTo = signal<Contact | null>(null);
  const channel = signal<Channel>('sms');
  /** When a new code may be asked for (epoch ms). */
  const resendAt = signal(0);

  return {
    sentTo,
    channel,
    resendAt,
    /**
     * Sends a code for `purpose`; true when it went. A cooldown or an hourly cap is said beside
     * `limitField`: the contact field when asking first, the code field when asking again.
     */
    async send(purpose: string, contact: Contact, how: Channel, limitField: string = contact.type): Promise<boolean> {
      const sent = await deps.form.attempt(() => sendCode(deps.api, purpose, contact, how), {
        fieldOf: (field) => (field === 'type' || field === 'method' ? contact.type : field),
        inline: (key) => (key === 'timeout_try_2_min' || key === 'rate_limit_error' ? limitField : undefined),
      });
      if (!sent) return false;
      sentTo.value = contact;
      channel.value = how;
      resendAt.value = deps.now() + sent.resend_in * 1000;
      deps.announce(sent.message, sent.to);
      return true;
    },
  };
}

export type CodeSender = ReturnType<typeof createCodeSender>;
