import { v } from '../lib/validation.js';

export const NAME_MAX_LENGTH = 64;

/**
 * A person's name in any script: letters and marks, with the spaces, hyphens, dots and apostrophes
 * (O‘g‘li, D’Artagnan) that real names carry; no digits, no markup, no control characters.
 */
const NAME = /^\p{L}[\p{L}\p{M}\s'’‘`.-]*$/u;

export const nameField = v.pipe(
  v.string('invalid_name'),
  v.transform((value) => value.trim().replace(/\s+/g, ' ')),
  v.minLength(1, 'invalid_name'),
  v.maxLength(NAME_MAX_LENGTH, 'invalid_name'),
  v.regex(NAME, 'invalid_name'),
);
