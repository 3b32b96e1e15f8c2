/** What the web benchmark emulates (a phone, a slow CPU, a slow network) and how long it waits. */

export const PROFILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  locale: 'uz',
  timezoneId: 'Asia/Tashkent',
};
export const CPU_SLOWDOWN = 4;
// Lighthouse's "slow 4G" figures: kbps are 1024 bits here, as in Chromium's own presets.
export const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
/** After `load`: no request for this long counts as idle... */
export const QUIET_MS = 1500;
/** ...and long tasks are collected this much longer. */
export const SETTLE_MS = 1000;
export const NAVIGATION_TIMEOUT_MS = 60_000;
