import { describe, expect, it } from 'vitest';
import { scopesToAsk } from './scopes-to-ask';

const ALL = ['openid', 'profile', 'phone', 'email'];

describe('the scopes the consent screen asks about', () => {
  it('asks for all of them from an account with a phone and an e-mail address', () => {
    expect(scopesToAsk(ALL, { phone: '+998901234567', email: 'ali@example.uz' })).toEqual(ALL);
  });

  it('does not ask to see an e-mail address the account does not have', () => {
    expect(scopesToAsk(ALL, { phone: '+998901234567', email: null })).toEqual(['openid', 'profile', 'phone']);
  });

  it('does not ask to see a phone number the account does not have', () => {
    expect(scopesToAsk(ALL, { phone: null, email: 'ali@example.uz' })).toEqual(['openid', 'profile', 'email']);
  });

  it('treats an empty contact as none, and keeps scopes it has no rule for', () => {
    expect(scopesToAsk(['openid', 'email', 'offline_access'], { phone: '', email: '' })).toEqual([
      'openid',
      'offline_access',
    ]);
  });
});
