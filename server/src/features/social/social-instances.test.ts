/**
 * Any instance finishes what another began (issue 36): a provider flow and a pending link live in the
 * database, so the second leg may reach another process behind the proxy. Two instances on one
 * database (test-support/test-instances.ts; on PostgreSQL with KIRISH_TEST_DATABASE=postgres).
 */
import { describe, expect, it } from 'vitest';
import { fakeProviders, finishFlow, identity, SOCIAL, startFlow } from '../../test-support/social.js';
import { useTestInstances } from '../../test-support/test-instances.js';
import { STRONG_PASSWORD } from '../../test-support/test-server.js';

const providers = fakeProviders();
const [first, second] = useTestInstances(2, { providerClients: providers.clients });

describe('two instances', () => {
  it('finish on one a flow begun on the other, once', async () => {
    providers.vouch('x-both', identity('twitter', 'x-both'));
    const flow = await startFlow(first, 'twitter');
    const finished = await finishFlow(second, 'twitter', flow, 'x-both');
    expect(finished.status, finished.text).toBe(200);
    expect(finished.json).toMatchObject({ has_phone: false });
    const replayed = await finishFlow(first, 'twitter', flow, 'x-both');
    expect(replayed.json).toEqual({ errors: [{ error: 'social_state_mismatch' }] });
  });

  it('prove on one a pending link the other opened', async () => {
    const account = await first.registerByPhone('+998935550000');
    providers.vouch('g-both', identity('google', 'g-both', { phone: '998935550000' }));
    const flow = await startFlow(first, 'google');
    const opened = await finishFlow(first, 'google', flow, 'g-both');
    const proven = await second.post(
      `${SOCIAL}/Integration/`,
      { token: opened.json.integration.token, password: STRONG_PASSWORD },
      { headers: { cookie: flow.cookie } },
    );
    expect(proven.status, proven.text).toBe(200);
    expect(proven.json.user_uuid).toBe(account.user_uuid);
  });
});
