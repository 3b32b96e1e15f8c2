import { NAME_MAX_LENGTH, NAME_PATTERN, tidyName } from '../contract/name-rules.js';
import { v } from '../lib/validation.js';

/** A person's name by the contract's rule (contract/name-rules.ts), which the SPA's forms check too. */
export const nameField = v.pipe(
  v.string('invalid_name'),
  v.transform(tidyName),
  v.minLength(1, 'invalid_name'),
  v.maxLength(NAME_MAX_LENGTH, 'invalid_name'),
  v.regex(NAME_PATTERN, 'invalid_name'),
);
