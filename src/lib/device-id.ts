/**
 * The device id (docs/product.md §4): the device cookie when present; otherwise one is computed
 * (device-fingerprint.ts, loaded on demand, never on the critical path), kept in the cookie and
 * sent as the Device-Id header.
 */
import { getCookie, setCookie } from './cookies';
import { COOKIE_DAYS, DEVICE_COOKIE } from './storage-keys';

let current: string | null = null;

/** The id to send now (null until known). */
export function deviceId(): string | null {
  current ??= getCookie(DEVICE_COOKIE);
  return current;
}

let computing: Promise<string> | null = null;

async function compute(): Promise<string> {
  const { computeDeviceId } = await import('./device-fingerprint');
  const id = await computeDeviceId();
  setCookie(DEVICE_COOKIE, id, COOKIE_DAYS);
  current = id;
  return id;
}

/** Makes sure a device id exists, computing one if needed (once, however many callers wait). */
export function ensureDeviceId(): Promise<string> {
  const known = deviceId();
  if (known) return Promise.resolve(known);
  computing ??= compute().finally(() => {
    computing = null;
  });
  return computing;
}
