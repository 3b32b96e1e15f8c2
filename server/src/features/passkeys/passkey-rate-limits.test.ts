/**
 * The passkey sign-in's limits per address (docs/api.md, `POST /login/passkey/options/`): challenges
 * are asked on every Login load, so they get a generous bound of their own; answers a tight one; each
 * refused with `Retry-After` and counted apart from the other.
 */
import { describe, expect, it } from 'vitest';
import { PASSKEY_OPTIONS_PER_MINUTE_PER_IP, PASSKEY_SIGN_IN_CALLS_PER_MINUTE_PER_IP } from '../../config/policy.js';
import { PASSKEY_LOGIN } from '../../test-support/passkeys.js';
import { useTestServer } from '../../test-support/test-server.js';

const server = useTestServer();
const OPTIONS = `${PASSKEY_LOGIN}options/`;

describe('passkey sign-in limits per address', () => {
  it('gives Login a challenge on every load up to the options bound, then says when to come back', async () => {
    for (let call = 0; call < PASSKEY_OPTIONS_PER_MINUTE_PER_IP; call += 1) {
      const answer = await server.call('POST', OPTIONS, { ip: '198.51.100.1' });
      if (answer.status !== 200) throw new Error(`call ${call + 1}: ${answer.status} ${answer.text}`);
    }
    const over = await server.call('POST', OPTIONS, { ip: '198.51.100.1' });
    expect(over.status).toBe(429);
    expect(over.json.errors).toEqual([{ error: 'rate_limit_error' }]);
    expect(over.headers.get('retry-after')).toBe('60');
    // Another address is not held back, and the answers' count is untouched by the challenges.
    expect((await server.call('POST', OPTIONS, { ip: '198.51.100.2' })).status).toBe(200);
    const answer = await server.post(PASSKEY_LOGIN, { credential: {} }, { ip: '198.51.100.1' });
    expect(answer.status).toBe(400);
    server.clock.advanceSeconds(60);
    expect((await server.call('POST', OPTIONS, { ip: '198.51.100.1' })).status).toBe(200);
  });

  it('takes 30 answers a minute from one address', async () => {
    for (let call = 0; call < PASSKEY_SIGN_IN_CALLS_PER_MINUTE_PER_IP; call += 1) {
      const answer = await server.post(PASSKEY_LOGIN, { credential: {} }, { ip: '198.51.100.3' });
      expect(answer.status).toBe(400);
    }
    const over = await server.post(PASSKEY_LOGIN, { credential: {} }, { ip: '198.51.100.3' });
    expect(over.status).toBe(429);
    expect(over.json.errors).toEqual([{ error: 'rate_limit_error' }]);
    expect((await server.call('POST', OPTIONS, { ip: '198.51.100.3' })).status).toBe(200);
  });
});
