import { useI18n } from '../../../lib/use-i18n';
import { useNow } from '../../../lib/use-now';

/**
 * Under a password refused for too many wrong tries (the sentence beside the field says so once):
 * when it may be tried again, live, and that a one-time code still works meanwhile (LoginOtp is not
 * blocked by the lock, docs/decisions.md "Passwords and sign-in"). Not a live region: a countdown
 * read out every second would drown everything else.
 */
export function LockCountdown({ until }: { until: number }) {
  const i18n = useI18n();
  const left = Math.ceil((until - useNow(true)) / 1000);
  if (left <= 0) return null;
  return (
    <p className="field-hint">
      {i18n.t('login_locked', { time: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}` })}
    </p>
  );
}

// The default export is what sign-in-flow.tsx loads lazily (a shorter import than a named one's).
export default LockCountdown;
