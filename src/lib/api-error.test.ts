import { describe, expect, it } from 'vitest';
import { displayKey, errorKeyOf, readError } from './api-error';

const known = (key: string) => !['made_up_key'].includes(key);

describe('the error reader (docs/product.md §8)', () => {
  it('reads errors[0].error with its field, then detail.data, then error', () => {
    expect(errorKeyOf({ errors: [{ error: 'invalid_phone', field: 'phone' }, { error: 'x' }] })).toEqual({
      key: 'invalid_phone',
      field: 'phone',
    });
    expect(errorKeyOf({ detail: { data: 'session_expired' } })).toEqual({ key: 'session_expired' });
    expect(errorKeyOf({ error: 'wrong_number' })).toEqual({ key: 'wrong_number' });
    expect(errorKeyOf({ detail: 'plain text' })).toBeNull();
    expect(errorKeyOf('nope')).toBeNull();
  });

  it('shows aliases as their sentence', () => {
    expect(displayKey('invalid_otp')).toBe('code_not_valid');
    expect(displayKey('wrong_code')).toBe('code_not_valid');
    expect(displayKey('user_exists_phone')).toBe('already_taken');
    expect(displayKey('phone_taken_phone')).toBe('already_taken');
  });

  it('says an unknown but valid contact has no account, rather than that it is invalid (issue 12)', () => {
    expect(displayKey('user_not_found_email')).toBe('user_not_found_email');
    expect(displayKey('user_not_found_phone')).toBe('user_not_found_phone');
  });

  it('shows every timeout variant as "try in 2 minutes"', () => {
    for (const key of ['timeout', 'timeout_error', 'sms_timeout', 'timeout_phone'])
      expect(displayKey(key)).toBe('timeout_try_2_min');
  });

  it('puts a key with a field beside the field and one without in a toast', () => {
    expect(readError({ status: 400, data: { errors: [{ error: 'wrong_code', field: 'code' }] } }, known)).toEqual({
      show: 'field',
      key: 'code_not_valid',
      field: 'code',
    });
    expect(readError({ status: 400, data: { errors: [{ error: 'invalid_credentials' }] } }, known)).toEqual({
      show: 'toast',
      key: 'invalid_credentials',
    });
  });

  it('answers 500 and 502 with the server_error toast, reads 404 and shows nothing', () => {
    expect(readError({ status: 500, data: {} }, known)).toEqual({ show: 'toast', key: 'server_error' });
    expect(readError({ status: 502, data: { errors: [{ error: 'server_error' }] } }, known)).toEqual({
      show: 'toast',
      key: 'server_error',
    });
    expect(readError({ status: 404, data: { errors: [{ error: 'not_found' }] } }, known)).toEqual({ show: 'nothing' });
  });

  it('falls back to error_try_again for an unknown key, no key, or a network failure', () => {
    expect(readError({ status: 400, data: { errors: [{ error: 'made_up_key' }] } }, known)).toEqual({
      show: 'toast',
      key: 'error_try_again',
    });
    expect(readError({ status: 400, data: {} }, known)).toEqual({ show: 'toast', key: 'error_try_again' });
    expect(readError(new TypeError('Failed to fetch'), known)).toEqual({ show: 'toast', key: 'error_try_again' });
  });
});
