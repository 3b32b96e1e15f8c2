/**
 * The one wrapper of otpauth: authenticator-app codes (RFC 6238 TOTP over RFC 4226 HOTP): SHA-1, six
 * digits, 30-second steps, the parameters every authenticator app reads from an otpauth:// URI.
 */
import { Secret, TOTP, URI } from 'otpauth';

const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** RFC 6238 §5.2: one step of clock drift either way. */
const DRIFT_STEPS = 1;

/** A new secret, 160 bits (RFC 4226 §4 R6 recommends 160), base32 as apps take it typed in. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

const totpOf = (secret: string, issuer = 'Kirish', label = '') =>
  new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
  });

/** The otpauth:// URI an app reads from a QR code (Key Uri Format). */
export function totpUri(secret: string, issuer: string, label: string): string {
  return URI.stringify(totpOf(secret, issuer, label));
}

/** The time step (RFC 6238 §4 T) `code` belongs to at `now` (ms), within the drift; null when it matches none. */
export function totpStepOf(secret: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: DRIFT_STEPS });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** The code of `secret` at `at` (ms): for tests, which act as the person's app. */
export function totpCodeAt(secret: string, at: number): string {
  return totpOf(secret).generate({ timestamp: at });
}
