import { badRequest } from '../lib/api-error.js';
import { normalizeEmail, normalizePhone, type Contact } from '../lib/contacts.js';
import { normalized, v } from '../lib/validation.js';

export const phoneField = normalized(normalizePhone, 'invalid_phone');
export const emailField = normalized(normalizeEmail, 'invalid_email');

/** Bodies and queries that name an account by `phone` or by `email`: exactly one of the two. */
export function contactFrom(input: { phone?: string | undefined; email?: string | undefined }): Contact {
  if (input.phone !== undefined && input.email !== undefined) throw badRequest('invalid_value', 'email');
  if (input.phone !== undefined) return { type: 'phone', value: input.phone };
  if (input.email !== undefined) return { type: 'email', value: input.email };
  throw badRequest('field_required', 'phone');
}

export const contactEntries = {
  phone: v.optional(phoneField),
  email: v.optional(emailField),
};

export const saveField = v.optional(v.boolean('invalid_value'), false);
