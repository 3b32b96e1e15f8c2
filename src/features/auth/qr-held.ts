/**
 * The QR request this browser shows, kept under `bg` (docs/product.md §3) so that a reload shows the same
 * code, number and countdown until it expires, and no longer. It holds the request's secret: the secret
 * only reads that one request's events (docs/decisions.md, Sign-in by QR), and it is dropped when the
 * request ends (approved, denied, expired) or the person leaves the step. In the login page's first
 * download (the flow's first step reads it): kept small.
 */
import { readItem, removeItem, writeItem } from '../../lib/browser-storage';
import { BACKGROUND_KEY } from '../../lib/storage-keys';

export interface HeldQrRequest {
  id: string;
  secret: string;
  /** What the QR holds: the scanner page's URL with the id in its fragment. */
  qr: string;
  number: string;
  /** Epoch ms. */
  expires_at: number;
}

/** The kept request while it lives; null when none, expired, or not one this code wrote. */
export function heldQrRequest(now: number): HeldQrRequest | null {
  try {
    const held = JSON.parse(readItem('local', BACKGROUND_KEY) ?? 'null') as Partial<HeldQrRequest> | null;
    const fields = [held?.id, held?.secret, held?.qr, held?.number];
    if (fields.every((field) => typeof field === 'string') && typeof held?.expires_at === 'number') {
      if (held.expires_at > now) return held as HeldQrRequest;
    }
  } catch {
    // Not JSON: not ours to read.
  }
  return null;
}

export const holdQrRequest = (request: HeldQrRequest) => writeItem('local', BACKGROUND_KEY, JSON.stringify(request));

export const dropQrRequest = () => removeItem('local', BACKGROUND_KEY);
