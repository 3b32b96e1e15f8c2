import { Row } from '../../../components/row';
import { useI18n } from '../../../lib/use-i18n';
import type { SecurityEvent } from '../api/security-api';
import { eventIcon } from './event-icon';
import { When } from '../../../components/when';

/** One event of the security log as a row: what happened (naming the app or the partner page a sign-in was to), from where, and when. */
export function EventLine({ event, now }: { event: SecurityEvent; now: number }) {
  const i18n = useI18n();
  const { name, origin, contact_type: contactType } = event.details;
  const eventKey = `security_event_${event.type}`;
  const byKind = `${eventKey}_${String(contactType)}`;
  // The most telling text the catalogue has: naming the app (a sign-in to it, its access removed),
  // the partner page, or the backup contact's kind in the words of the Security page ("Backup e-mail").
  const text =
    (event.type === 'app_signed_in' || event.type === 'grant_revoked') && typeof name === 'string' && name
      ? i18n.t(
          event.type === 'app_signed_in' ? 'security_event_app_signed_in_named' : 'security_event_grant_revoked_named',
          { name },
        )
      : event.type === 'frame_session_joined' && typeof origin === 'string' && origin
        ? i18n.t('security_event_frame_session_joined_named', { origin })
        : i18n.has(byKind)
          ? i18n.t(byKind)
          : i18n.has(eventKey)
            ? i18n.t(eventKey)
            : event.type;
  return (
    <Row
      icon={eventIcon(event.type, event.details)}
      label={text}
      detail={[event.browser, event.os, event.ip].filter(Boolean).join(' · ')}
      value={<When at={event.created_at} now={now} />}
    />
  );
}
