import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test-support/test-server.js';

const CONFIGURED = 'https://mahalla.example.uz/oneid/callback?system=kirish';
const configured = useTestServer({ env: { MAHALLA_ONEID_CALLBACK_URL: CONFIGURED } });
const unset = useTestServer();

describe('GET /mahalla/oneid/callback', () => {
  it('redirects to the configured external callback with the query exactly as it came', async () => {
    const query = 'code=a%2Bb%20c&state=x%3Dy&token=t&lang=ru';
    const answer = await configured.call('GET', `/mahalla/oneid/callback?${query}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(`${CONFIGURED}&${query}`);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('goes to the home page when none is configured, whatever the query names', async () => {
    const answer = await unset.call('GET', '/mahalla/oneid/callback?url=https%3A%2F%2Fevil.example%2F');
    expect([answer.status, answer.headers.get('location')]).toEqual([302, '/']);
  });
});
