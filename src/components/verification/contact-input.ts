/** The phone-or-e-mail input every flow starts with. */
import { signal } from '@preact/signals-react';
import { maskUzPhone, uzPhoneValue } from '../phone-mask';
import { normalizeEmail } from '../../../server/src/contract/contact-rules.js';
import type { Contact, ContactType } from './contact';
import type { Form } from '../../lib/form';

export function createContactInput(form: Form, initialType: ContactType = 'phone') {
  const type = signal<ContactType>(initialType);
  const phone = form.field('phone', '');
  const email = form.field('email', '');

  /** The contact, or null with the field's error set. */
  function read(): Contact | null {
    if (type.value === 'phone') {
      const value = uzPhoneValue(phone.value);
      if (!value) form.setError('phone', 'invalid_phone');
      return value ? { type: 'phone', value } : null;
    }
    const value = normalizeEmail(email.value);
    if (!value) {
      form.setError('email', 'invalid_email');
      return null;
    }
    return { type: 'email', value };
  }

  return {
    type,
    phone,
    email,
    read,
    switchTo(next: ContactType) {
      type.value = next;
      form.reset();
    },
  };
}

export type ContactInput = ReturnType<typeof createContactInput>;

/** Fills the input with a known contact, in its mode (phone or e-mail), as if the person had typed it. */
export function prefill(input: ContactInput, contact: Contact | null): void {
  if (!contact) return;
  input.type.value = contact.type;
  if (contact.type === 'phone') input.phone.value = maskUzPhone(contact.value);
  else input.email.value = contact.value;
}
