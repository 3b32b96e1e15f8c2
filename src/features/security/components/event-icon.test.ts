import { describe, expect, it } from 'vitest';
import { eventIcon } from './event-icon';

describe('eventIcon', () => {
  it('draws each event by what it touched', () => {
    expect(
      ['login', 'logout', 'password_reset', 'phone_changed', 'email_verified', 'grant_revoked', 'session_ended'].map(
        (type) => eventIcon(type),
      ),
    ).toEqual(['log-in', 'log-out', 'key', 'phone', 'mail', 'apps', 'devices']);
  });

  it('draws a backup contact as the kind it is, and an unknown event as the shield', () => {
    expect(eventIcon('secondary_added', { contact_type: 'phone' })).toBe('phone');
    expect(eventIcon('secondary_removed', { contact_type: 'email' })).toBe('mail');
    expect(eventIcon('something_new')).toBe('shield');
    expect(eventIcon('registered')).toBe('user-plus');
  });
});
