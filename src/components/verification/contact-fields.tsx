import { useSignals } from '@preact/signals-react/runtime';
import { maskUzPhone } from '../phone-mask';
import { TextField } from '../text-field';
import { useI18n } from '../../lib/use-i18n';
import type { Form } from '../../lib/form';
import type { ContactInput } from './contact-input';

/** Phone (with the +998 mask) or e-mail, with a switch between the two unless the kind is `fixed`. */
export function ContactFields({
  contact,
  form,
  autoFocus = false,
  fixed = false,
}: {
  contact: ContactInput;
  form: Form;
  autoFocus?: boolean;
  fixed?: boolean;
}) {
  useSignals();
  const i18n = useI18n();
  const errors = form.errors.value;
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
          value={contact.phone.value}
          onValue={(value) => {
            contact.phone.value = maskUzPhone(value);
            form.clearError('phone');
          }}
          error={errors.phone ? i18n.t(errors.phone) : undefined}
        />
      ) : (
        <TextField
          label={i18n.t('email_label')}
          name="email"
          type="email"
          autoComplete="email"
          autoFocus={autoFocus}
          value={contact.email.value}
          onValue={(value) => {
            contact.email.value = value;
            form.clearError('email');
          }}
          error={errors.email ? i18n.t(errors.email) : undefined}
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
