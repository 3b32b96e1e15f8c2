/** The reviews API's one text field rule (docs/api.md, Reviews): trimmed, then at least `min` and at most `max` characters. */
import type { ErrorKey } from '../../contract/error-keys.js';
import { v } from '../../lib/validation.js';

export const trimmedText = (min: number, max: number, tooShort: ErrorKey = 'field_required') =>
  v.pipe(
    v.string(min > 0 && tooShort === 'field_required' ? tooShort : 'invalid_value'),
    v.transform((value: string) => value.trim()),
    v.minLength(min, tooShort),
    v.maxLength(max, 'field_too_long'),
  );
