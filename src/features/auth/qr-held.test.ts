import { afterEach, describe, expect, it } from 'vitest';
import { BACKGROUND_KEY } from '../../lib/storage-keys';
import { dropQrRequest, heldQrRequest, holdQrRequest } from './qr-held';

const NOW = 1_735_689_600_000;
const request = {
  id: 'r1',
  secret: 's',
  qr: 'https://kirish.test/personal/qr-scanner#r1',
  number: '07',
  expires_at: NOW + 1,
};

afterEach(() => localStorage.clear());

describe('the QR request kept under bg', () => {
  it('is read back while it lives, and not from its expiry on', () => {
    holdQrRequest(request);
    expect(JSON.parse(localStorage.getItem(BACKGROUND_KEY) ?? '')).toEqual(request);
    expect(heldQrRequest(NOW)).toEqual(request);
    expect(heldQrRequest(NOW + 1)).toBeNull();
  });

  it('is not read when it is not one this code wrote, and is gone once dropped', () => {
    localStorage.setItem(BACKGROUND_KEY, 'not json');
    expect(heldQrRequest(NOW)).toBeNull();
    localStorage.setItem(BACKGROUND_KEY, JSON.stringify({ ...request, secret: 42 }));
    expect(heldQrRequest(NOW)).toBeNull();
    holdQrRequest(request);
    dropQrRequest();
    expect(localStorage.getItem(BACKGROUND_KEY)).toBeNull();
  });
});
