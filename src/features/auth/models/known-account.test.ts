import { describe, expect, it } from 'vitest';
import { userProfile } from '../../../lib/testing/user-profile';
import { knownAccount } from './known-account';
import { SIGN_IN_WAYS, waysFor } from './sign-in-ways';

const aziz = userProfile('u-1', { first: 'Aziz', last: 'Karimov' }, { email: 'aziz@example.uz' });

describe("the second stage's account chip", () => {
  it('names the account this page knows by the exact contact typed, phone or e-mail', () => {
    expect(knownAccount({ type: 'phone', value: '+998901234567' }, [null, aziz])).toEqual({
      firstName: 'Aziz',
      lastName: 'Karimov',
      photo: '',
    });
    expect(knownAccount({ type: 'email', value: 'aziz@example.uz' }, [aziz, null])?.firstName).toBe('Aziz');
  });

  it('names nobody for another contact, even one that masks the same (+998 90 *** ** 67)', () => {
    expect(knownAccount({ type: 'phone', value: '+998909999967' }, [aziz])).toBeNull();
    expect(knownAccount({ type: 'email', value: 'az@example.uz' }, [aziz])).toBeNull();
  });
});

describe('"Try another way"', () => {
  it('lists SMS and a call for a phone, the e-mail for an e-mail, in order', () => {
    expect(waysFor('phone').map((way) => way.id)).toEqual(['sms', 'call']);
    expect(waysFor('email').map((way) => way.id)).toEqual(['email']);
  });

  it('is data: one more entry is one more way, listed for the contacts it names', () => {
    const withAnother = [...SIGN_IN_WAYS, { id: 'call', for: ['email'], label: 'get_code_call', icon: 'key' } as const];
    expect(waysFor('email', withAnother).map((way) => way.label)).toEqual(['get_code_email', 'get_code_call']);
  });
});
