/**
 * Issue 10 §7: behind one proxy (TRUST_PROXY=1) the client's address is the X-Forwarded-For entry
 * that proxy appended — the rightmost — not the leftmost, which the client writes. Here the test is
 * both the proxy and the client: each request claims a new leftmost address, and the per-address
 * cap on codes (30 an hour, server/src/config/policy.ts) must still stop it.
 */
import { describe, expect, it } from 'vitest';
import { OTP_HOURLY_CAP_PER_IP } from '../server/src/config/policy.js';
import { useServer } from './support/server-process.js';

const kirish = useServer('kirish-xff-', { TRUST_PROXY: '1' });

/** Asks for a sign-in code for a phone of its own, as a proxy in front of Kirish would forward it. */
async function askForCode(
  phoneIndex: number,
  forwardedFor: string,
): Promise<{ status: number; error?: string; retryAfter: string | null }> {
  const response = await fetch(`${kirish.server.origin}/sso/api/v1/auth/SendAuthSmsVerification/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ type: 'login_sms_verification', phone: `+9989312${String(phoneIndex).padStart(5, '0')}` }),
  });
  const body = (await response.json()) as { errors?: { error: string }[] };
  return {
    status: response.status,
    ...(body.errors?.[0] ? { error: body.errors[0].error } : {}),
    retryAfter: response.headers.get('retry-after'),
  };
}

describe('X-Forwarded-For behind one proxy', () => {
  it('keys the code cap by the address the proxy appended, however the client rotates the leftmost entry', async () => {
    const client = '203.0.113.50';
    const statuses: number[] = [];
    for (let i = 0; i < OTP_HOURLY_CAP_PER_IP; i += 1) {
      statuses.push((await askForCode(i, `198.18.${i}.1, ${client}`)).status);
    }
    expect(statuses).toEqual(Array.from({ length: OTP_HOURLY_CAP_PER_IP }, () => 200));

    const over = await askForCode(OTP_HOURLY_CAP_PER_IP, `198.18.200.1, ${client}`);
    expect(over).toEqual({ status: 429, error: 'rate_limit_error', retryAfter: expect.stringMatching(/^\d+$/) });
    // Claiming to be the very address the proxy names does not help either.
    expect((await askForCode(OTP_HOURLY_CAP_PER_IP + 1, `9.9.9.9, 198.18.201.1, ${client}`)).status).toBe(429);
  });

  it('still serves another client behind the same proxy: the cap is per address, not for everyone', async () => {
    expect((await askForCode(500, `203.0.113.50, 203.0.113.51`)).status).toBe(200);
  });
});
