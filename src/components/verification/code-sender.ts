/**
 * A one-time code for one purpose: sending it (and again), its "sent" toast, the resend countdown,
 * and the code the person types.
 */
import type { CatalogueKey } from '../../../server/src/contract/error-keys.js';
import { isOtpCode, type CodeSent } from '../../../server/src/contract/verification.js';
import { signal } from '@preact/signals-react';
import { sendCode } from './send-code';
import type { CodeApi, Contact } from './contact';
import type { Form } from '../../lib/form';
import { unbroken } from '../../lib/format/phone';
import { noteRetryAfter } from '../../lib/retry-after';

export type Channel = 'sms' | 'call' | 'email';

export function createCodeSender(deps: {
  api: CodeApi;
  form: Form;
  now: () => number;
  announce: (key: CatalogueKey, to: string) => void;
  /** The verification section (docs/product.md §3) of a code to this contact. */
  purposeOf: (contact: Contact) => string;
  /** The form's field that shows what is wrong with the contact; by default the one named by its type. */
  contactField?: string;
  /** Sends the code another way than SendAuth…Verification (the social `integration` step's own call). */
  sendWith?: (contact: Contact, how: Channel) => Promise<CodeSent>;
}) {
  const { form } = deps;
  const sentTo = signal<Contact | null>(null);
  /** The server's own words for where the last code went ("We sent a code by SMS to +998 90 *** ** 67"). */
  const sentNotice = signal<{ key: CatalogueKey; to: string } | null>(null);
  const channel = signal<Channel>('sms');
  /** When a new code may be asked for (epoch ms). */
  const resendAt = signal(0);
  const code = form.field('code', '');

  /**
   * Sends a code; true when it went. A cooldown or an hourly cap is said beside `limitField`: the
   * contact field when asking first, the code field when asking again — where the cooldown's own
   * Retry-After restarts the step's live "Resend in 0:22" instead, the one place that says a time.
   */
  async function send(
    contact: Contact,
    how: Channel,
    limitField: string = deps.contactField ?? contact.type,
  ): Promise<boolean> {
    const contactField = deps.contactField ?? contact.type;
    let cooldown = 0;
    const sent = await form.attempt(
      () =>
        noteRetryAfter(
          () =>
            deps.sendWith ? deps.sendWith(contact, how) : sendCode(deps.api, deps.purposeOf(contact), contact, how),
          (seconds) => (cooldown = seconds),
        ),
      {
        fieldOf: (field) => (field === 'type' || field === 'method' || field === contact.type ? contactField : field),
        inline: (key) => (key === 'timeout_try_2_min' || key === 'rate_limit_error' ? limitField : undefined),
      },
    );
    if (!sent) {
      if (limitField === 'code' && cooldown > 0 && form.errors.peek().code === 'timeout_try_2_min') {
        resendAt.value = deps.now() + cooldown * 1000;
        form.clearError('code');
      }
      return false;
    }
    sentTo.value = contact;
    channel.value = how;
    resendAt.value = deps.now() + sent.resend_in * 1000;
    code.value = '';
    sentNotice.value = { key: sent.message, to: unbroken(sent.to) };
    deps.announce(sent.message, sent.to);
    return true;
  }

  return {
    sentTo,
    sentNotice,
    channel,
    resendAt,
    code,
    send,

    /** Asks for a new code to the same contact, the same way. */
    async resend(): Promise<void> {
      const who = sentTo.peek();
      if (who) await send(who, channel.peek(), 'code');
    },

    /** The contact and the typed code when it has a code's 6 digits; else null, the field told why. */
    typed(): { contact: Contact; code: string } | null {
      form.reset();
      const who = sentTo.peek();
      if (!who) return null;
      if (!isOtpCode(code.value)) {
        form.setError('code', 'invalid_code');
        return null;
      }
      return { contact: who, code: code.value };
    },
  };
}

export type CodeSender = ReturnType<typeof createCodeSender>;
