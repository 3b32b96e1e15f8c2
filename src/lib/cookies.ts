/** The one wrapper around tiny-cookie. Cookies are first-party, path=/, SameSite=Lax. */
import { get, remove, set } from 'tiny-cookie';

export function getCookie(name: string): string | null {
  return get(name);
}

export function setCookie(name: string, value: string, days: number): void {
  set(name, value, { expires: `${days}D`, path: '/', samesite: 'Lax', secure: location.protocol === 'https:' });
}

export function removeCookie(name: string): void {
  remove(name, { path: '/' });
}
