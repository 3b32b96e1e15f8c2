import type { CatalogueKey } from '../../server/src/contract/error-keys.js';
import { useI18n } from '../lib/use-i18n';
import { useNow } from '../lib/use-now';

/** 0:28, 2:05: the time left of a wait, as the countdowns say it. */
export function clockTime(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Under a password refused for too many wrong tries: when it may be tried again, live, from the
 * answer's Retry-After — the one place that says a time, so nothing beside it contradicts it — and
 * once the wait is over, that it may. `waitKey` names the other way that works meanwhile (a code).
 * Not a live region: a countdown read out every second would drown everything else; the end is.
 */
export function LockCountdown({ until, waitKey }: { until: number; waitKey: CatalogueKey }) {
  const i18n = useI18n();
  const left = Math.ceil((until - useNow(true)) / 1000);
  if (left <= 0)
    return (
      <p className="field-hint" role="status">
        {i18n.t('login_unlocked')}
      </p>
    );
  return <p className="field-hint">{i18n.t(waitKey, { time: clockTime(left) })}</p>;
}
