import { describe, expect, it } from 'vitest';
import { moreFieldErrors } from './more-field-errors';

describe('the field errors after the first', () => {
  it('are every later item that names a field, each key as shown', () => {
    const refusal = {
      status: 400,
      data: {
        errors: [
          { error: 'invalid_name', field: 'first_name' },
          { error: 'invalid_birth_date', field: 'birth_date' },
          { error: 'rate_limit_error' },
          { error: 'invalid_otp', field: 'code' },
        ],
      },
    };
    expect(moreFieldErrors(refusal)).toEqual([
      { key: 'invalid_birth_date', field: 'birth_date' },
      { key: 'code_not_valid', field: 'code' },
    ]);
  });

  it('are none for an answer of one item, or one that is not an answer', () => {
    expect(moreFieldErrors({ status: 400, data: { errors: [{ error: 'invalid_name', field: 'x' }] } })).toEqual([]);
    expect(moreFieldErrors(new TypeError('offline'))).toEqual([]);
    expect(moreFieldErrors(null)).toEqual([]);
  });
});
