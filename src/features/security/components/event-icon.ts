import type { IconName } from '../../../components/icon';

/** The icon of a security log event, by what it touched: a sign-in, the password, a contact, an app, a device. */
export function eventIcon(type: string, details: Readonly<Record<string, unknown>> = {}): IconName {
  if (type === 'registered') return 'user-plus';
  if (type === 'login' || type === 'app_signed_in') return 'log-in';
  if (type === 'logout') return 'log-out';
  if (type === 'frame_session_joined') return 'globe';
  if (type === 'session_ended' || type === 'sessions_ended_others') return 'devices';
  if (type.startsWith('password_')) return 'key';
  if (type === 'phone_changed') return 'phone';
  if (type.startsWith('email_')) return 'mail';
  // A backup contact's events say which kind it was (server: features/security/contact-routes.ts).
  if (type.startsWith('secondary_')) return details.contact_type === 'phone' ? 'phone' : 'mail';
  if (type.startsWith('app_') || type === 'grant_revoked') return 'apps';
  if (type === 'profile_changed' || type === 'photo_changed') return 'user';
  return 'shield';
}
