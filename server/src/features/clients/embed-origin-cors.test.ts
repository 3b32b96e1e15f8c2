/**
 * The widget's loader asks GET /oauth/embed_origin/ from the partner's page before it frames
 * anything (widget/mount.ts), so any page must be able to read the answer — yes or no — without
 * credentials, to report a refused origin instead of a broken frame.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID, seedDemoClients } from '../../demo-data.js';
import { useTestServer, V1 } from '../../test-support/test-server.js';

const server = useTestServer({ env: { PORT: '8080', DEMO_PORT: '8081' } });

const DEMO_ORIGIN = 'http://127.0.0.1:8081';
const STRANGER = 'http://127.0.0.1:18090';

beforeEach(async () => {
  await seedDemoClients(server.storage, server.config, server.clock);
});

async function askFrom(pageOrigin: string, params: Record<string, string>) {
  const response = await server.call('GET', `${V1}/oauth/embed_origin/?${new URLSearchParams(params)}`, {
    headers: { origin: pageOrigin },
  });
  return {
    status: response.status,
    body: response.json as unknown,
    allowOrigin: response.headers.get('access-control-allow-origin'),
    allowCredentials: response.headers.get('access-control-allow-credentials'),
    vary: response.headers.get('vary') ?? '',
  };
}

describe('CORS of GET /sso/api/v1/oauth/embed_origin/ for the widget loader', () => {
  it('lets the registered page read its confirmation, per origin and without credentials', async () => {
    const answer = await askFrom(DEMO_ORIGIN, { client_id: DEMO_CLIENT_ID, origin: DEMO_ORIGIN });

    expect(answer).toMatchObject({
      status: 200,
      body: { client_id: DEMO_CLIENT_ID, origin: DEMO_ORIGIN },
      allowOrigin: DEMO_ORIGIN,
    });
    expect(answer.allowCredentials).toBeNull();
    expect(answer.vary).toMatch(/\bOrigin\b/i);
  });

  it('lets an unregistered page read origin_not_allowed, so the loader can say what to fix', async () => {
    const answer = await askFrom(STRANGER, { client_id: DEMO_CLIENT_ID, origin: STRANGER });

    expect(answer).toMatchObject({
      status: 400,
      body: { errors: [{ error: 'origin_not_allowed', field: 'origin' }] },
      allowOrigin: STRANGER,
    });
    expect(answer.allowCredentials).toBeNull();
    expect(answer.vary).toMatch(/\bOrigin\b/i);
  });

  it('lets any page read invalid_client for a client id that does not exist', async () => {
    const answer = await askFrom(STRANGER, { client_id: 'no-such-app', origin: STRANGER });

    expect(answer).toMatchObject({
      status: 400,
      body: { errors: [{ error: 'invalid_client', field: 'client_id' }] },
      allowOrigin: STRANGER,
    });
    expect(answer.allowCredentials).toBeNull();
  });
});
