import { useSignals } from '@preact/signals-react/runtime';
import { maskUzPhone } from '../phone-mask';
import { fieldProps } from '../field-props';
import { TextField } from '../text-field';
import { useI18n } from '../../lib/use-i18n';
import type { ContactInput } from './contact-input';

/** Phone (with the +998 mask) or e-mail, with a switch between the two unless the kind is `fixed`. */
export function ContactFields({
  contact,
  autoFocus = false,
  fixed = false,
}: {
  contact: ContactInput;
  autoFocus?: boolean;
  fixed?: boolean;
}) {
  useSignals();
  const i18n = useI18n();
  const isPhone = contact.type.value === 'phone';
  return (
    <>
      {isPhone ? (
        <TextField
          label={i18n.t('phone_label')}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          prefix="+998"
          placeholder="90 123 45 67"
          autoFocus={autoFocus}
          {...fieldProps(contact.phone, i18n)}
          onValue={(value) => contact.phone.set(maskUzPhone(value))}
        />
      ) : (
        <TextField
          label={i18n.t('email_label')}
          name="email"
          type="email"
          autoComplete="email"
          autoFocus={autoFocus}
          {...fieldProps(contact.email, i18n)}
        />
      )}
      {fixed ? null : (
        <button type="button" className="link-button" onClick={() => contact.switchTo(isPhone ? 'email' : 'phone')}>
          {i18n.t(isPhone ? 'use_email' : 'use_phone')}
        </button>
      )}
    </>
  );
}
