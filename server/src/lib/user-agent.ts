/**
 * What a person needs to recognise a sign-in on the sessions page and in the security log: the kind
 * of device, the browser and the operating system, read from the User-Agent header. Deliberately
 * small: the browsers and systems people in Uzbekistan use, names only, no versions (a version is
 * noise on that page, and a full parser library is a large dependency for three words).
 *
 * Order matters, because browsers borrow each other's tokens: Edge, Opera, Yandex and Samsung
 * Internet all say "Chrome", Chrome says "Safari", and an iPhone says "like Mac OS X".
 */
import type { DeviceKind } from '../contract/sessions.js';

export interface ParsedUserAgent {
  device: DeviceKind;
  /** Chrome, Edge, Firefox, Safari, Opera, Yandex or Samsung Internet; null when none of these. */
  browser: string | null;
  /** Windows, macOS, iOS, iPadOS, Android, Linux or ChromeOS; null when none of these. */
  os: string | null;
}

const BROWSERS: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ['Edge', /\b(?:Edg|EdgA|EdgiOS|Edge)\//],
  ['Opera', /\b(?:OPR|OPiOS|OPT)\/|\bOpera\b/],
  ['Yandex', /\bYaBrowser\//],
  ['Samsung Internet', /\bSamsungBrowser\//],
  ['Firefox', /\b(?:Firefox|FxiOS)\//],
  ['Chrome', /\b(?:Chrome|CriOS|Chromium)\//],
  // Safari proper names its own version; other WebKit shells (in-app browsers) do not.
  ['Safari', /\bVersion\/[\d.]+.*\bSafari\//],
];

const SYSTEMS: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ['Windows', /\bWindows NT\b/],
  // iPadOS 13+ Safari asks for desktop pages with a Mac user agent: such an iPad reads as macOS.
  ['iPadOS', /\biPad\b/],
  ['iOS', /\b(?:iPhone|iPod)\b/],
  ['Android', /\bAndroid\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['macOS', /\bMacintosh\b|\bMac OS X\b/],
  ['Linux', /\bLinux\b|\bX11\b/],
];

const DESKTOP_SYSTEMS = new Set(['Windows', 'macOS', 'Linux', 'ChromeOS']);

function firstMatch(userAgent: string, table: ReadonlyArray<readonly [string, RegExp]>): string | null {
  return table.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? null;
}

function deviceOf(userAgent: string, os: string | null): DeviceKind {
  if (os === 'iPadOS' || /\bTablet\b/.test(userAgent)) return 'tablet';
  if (os === 'iOS') return 'mobile';
  // Android phones say "Mobile"; Android tablets leave it out (Chrome's and Firefox's convention).
  if (os === 'Android') return /\bMobile\b/.test(userAgent) ? 'mobile' : 'tablet';
  if (os !== null && DESKTOP_SYSTEMS.has(os)) return 'desktop';
  return /\bMobi/.test(userAgent) ? 'mobile' : 'unknown';
}

export function parseUserAgent(userAgent: string | null | undefined): ParsedUserAgent {
  if (!userAgent) return { device: 'unknown', browser: null, os: null };
  const os = firstMatch(userAgent, SYSTEMS);
  return { device: deviceOf(userAgent, os), browser: firstMatch(userAgent, BROWSERS), os };
}
