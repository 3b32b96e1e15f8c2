import { LockCountdown as Countdown } from '../../../components/lock-countdown';

/**
 * The sign-in's password lock (components/lock-countdown.tsx): live, and a one-time code still works
 * meanwhile (LoginOtp is not blocked by the lock, docs/decisions.md "Passwords and sign-in").
 */
export function LockCountdown({ until }: { until: number }) {
  return <Countdown until={until} waitKey="login_locked" />;
}

// The default export is what sign-in-flow.tsx loads lazily (a shorter import than a named one's).
export default LockCountdown;
