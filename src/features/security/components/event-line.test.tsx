/** A line of the security log in the words of the pages it is about: the app by name, "Backup e-mail", failures. */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import en from '../../../../server/src/locales/en.json' with { type: 'json' };
import { createI18n } from '../../../lib/i18n';
import { ServicesContext, type Services } from '../../../lib/services';
import { useReactRoot } from '../../../lib/testing/react-root';
import type { SecurityEvent } from '../api/security-api';
import { EventLine } from './event-line';

const view = useReactRoot();
const AT = '2026-11-27T08:00:00.000Z';

async function line(type: string, details: SecurityEvent['details'] = {}) {
  const i18n = createI18n(() => Promise.resolve(en));
  await i18n.setLocale('en');
  const event: SecurityEvent = {
    id: 'e1',
    type,
    created_at: AT,
    ip: '198.51.100.7',
    device: 'desktop',
    browser: 'Chrome',
    os: 'Windows',
    details,
  };
  await act(async () =>
    view.root.render(
      <ServicesContext.Provider value={{ i18n } as unknown as Services}>
        <ul>
          <EventLine event={event} now={Date.parse(AT)} />
        </ul>
      </ServicesContext.Provider>,
    ),
  );
  return view.host.querySelector('.row-name')?.textContent;
}

describe('a line of the security log', () => {
  it("names the app whose access was removed, in the words of the apps' page", async () => {
    expect(await line('grant_revoked', { client_id: 'shop', name: 'Partner Shop', ended_sessions: 1 })).toBe(
      'Partner Shop no longer has access',
    );
  });

  it('calls a backup contact what the Security page calls it', async () => {
    expect(await line('secondary_added', { contact_type: 'email', contact: 'za***@example.uz' })).toBe(
      en.security_secondary_email + ' added',
    );
    expect(await line('secondary_removed', { contact_type: 'phone' })).toBe(en.security_event_secondary_removed_phone);
  });

  it('tells of a wrong password, a wrong code and a lock', async () => {
    expect(await line('password_failed', { where: 'sign_in' })).toBe(en.security_event_password_failed);
    expect(await line('code_failed', { where: 'sign_in' })).toBe(en.security_event_code_failed);
    expect(await line('password_locked')).toBe(en.security_event_password_locked);
  });
});
