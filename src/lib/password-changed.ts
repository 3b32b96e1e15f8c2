/**
 * The confirmation of a new password: that it changed, then what ended with it — the other sign-ins
 * to Kirish when they were asked to end, and the OAuth apps' sessions, which end by default
 * (OWASP ASVS 5.0 §7.4.3; docs/api.md, Security).
 */
import type { I18n } from './i18n';

export function passwordChangedText(
  i18n: Pick<I18n, 't' | 'tn'>,
  lead: 'password_changed' | 'password_changed_short',
  ended: { others?: number; apps: number },
): string {
  const parts = [i18n.t(lead)];
  if (ended.others) parts.push(i18n.tn('sessions_ended_count', ended.others));
  if (ended.apps > 0) parts.push(i18n.tn('app_sessions_ended_count', ended.apps));
  return parts.join(' ');
}
