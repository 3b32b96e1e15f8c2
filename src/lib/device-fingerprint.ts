/**
 * The fingerprint part of the device id (docs/product.md §3, §4), loaded only when a device has no id yet:
 * the library itself, and the confidence rule that decides whether to trust it.
 *
 * The account chooser lists the accounts of a device, so two devices must not share an id. Where
 * the fingerprint's confidence (docs/product.md §3's rule) is below 0.5 — phones and Safari, whose
 * fingerprints collide often — a random id is used instead.
 */

export const CONFIDENCE_THRESHOLD = 0.5;

/** docs/product.md §3: 0.4 mobile Chromium or Firefox; 0.3 iOS Safari-like; 0.5 desktop Safari; 0.6 Windows; 0.5 Mac; 0.7 otherwise. */
export function fingerprintConfidence(userAgent: string, platform = '', maxTouchPoints = 0): number {
  const ua = userAgent.toLowerCase();
  // iPadOS Safari asks for desktop pages with a Mac user agent; only its touch screen gives it away.
  const isIos = /iphone|ipad|ipod/.test(ua) || (platform === 'MacIntel' && (/mobile/.test(ua) || maxTouchPoints > 1));
  const isAndroid = /android/.test(ua);
  const isSafari = /safari/.test(ua) && !/chrome|chromium|crios|fxios|edg|opr/.test(ua);
  if (isIos) return 0.3;
  if (isAndroid && /chrome|chromium|firefox/.test(ua)) return 0.4;
  if (isSafari) return 0.5;
  if (/windows/.test(ua)) return 0.6;
  if (/macintosh|mac os x/.test(ua)) return 0.5;
  return 0.7;
}

/**
 * How long the id waits for the fingerprint. A write waits for the device id (lib/http.ts), so a
 * device that is slow to fingerprint (an old phone, a busy or throttled frame) must not hold a
 * sign-in: past this, it gets a random id, as where the fingerprint has low confidence.
 */
export const FINGERPRINT_WAIT_MS = 2000;

async function fingerprint(): Promise<string> {
  const { load } = await import('@fingerprintjs/fingerprintjs');
  // The library's usage ping goes to a third party: off (privacy).
  const agent = await load({ monitoring: false });
  return (await agent.get()).visitorId;
}

/** A new id for this device: the fingerprint's visitorId where it can be trusted and comes in time, else random. */
export async function computeDeviceId(): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    if (fingerprintConfidence(navigator.userAgent, navigator.platform, navigator.maxTouchPoints) < CONFIDENCE_THRESHOLD)
      throw new Error('low confidence');
    const late = new Promise<never>(
      (_, reject) => (timer = setTimeout(() => reject(new Error('too slow')), FINGERPRINT_WAIT_MS)),
    );
    return await Promise.race([fingerprint(), late]);
  } catch {
    return crypto.randomUUID();
  } finally {
    clearTimeout(timer);
  }
}
