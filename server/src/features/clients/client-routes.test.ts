import { beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_CLIENT_ID, DEMO_CLIENT_ID, seedDemoClients } from '../../demo-data.js';
import type { OAuthClient } from '../../storage/storage.js';
import { testClient } from '../../test-support/clients.js';
import { useTestServer, V1 } from '../../test-support/test-server.js';

// PORT 8080 and DEMO_PORT 8081 by default: the account site is http://localhost:8080, the demo
// partner http://127.0.0.1:8081. Set here so the origins below do not depend on the defaults.
const server = useTestServer({ env: { PORT: '8080', DEMO_PORT: '8081' } });

const DEMO_ORIGIN = 'http://127.0.0.1:8081';
const ACCOUNT_ORIGIN = 'http://localhost:8080';
/** A partner on a default port, where another host can start with the registered origin. */
const PARTNER_ID = 'partner-shop';
const PARTNER_ORIGIN = 'https://shop.example.uz';

function partner(overrides: Partial<OAuthClient> = {}): OAuthClient {
  return testClient(server.clock.now(), {
    id: PARTNER_ID,
    name: 'Partner Shop',
    redirectUris: [`${PARTNER_ORIGIN}/callback`],
    webOrigins: [PARTNER_ORIGIN],
    scopes: ['openid'],
    ...overrides,
  });
}

beforeEach(async () => {
  await seedDemoClients(server.storage, server.config, server.clock);
  await server.storage.clients.upsert(partner());
});

const PATH = `${V1}/oauth/embed_origin/`;
const INVALID_CLIENT = { errors: [{ error: 'invalid_client', field: 'client_id' }] };
const ORIGIN_NOT_ALLOWED = { errors: [{ error: 'origin_not_allowed', field: 'origin' }] };

/** Asks with the query as given (`request`) or built from URL-encoded parameters (`ask`), as the SPA sends them. */
const request = (query: string) => server.call('GET', `${PATH}?${query}`);
async function ask(params: Record<string, string>) {
  const response = await request(new URLSearchParams(params).toString());
  return { status: response.status, body: response.json as unknown };
}

describe('GET /sso/api/v1/oauth/embed_origin/', () => {
  it('confirms the demo partner origin for the demo client with 200, the client id and the origin', async () => {
    const response = await request(new URLSearchParams({ client_id: DEMO_CLIENT_ID, origin: DEMO_ORIGIN }).toString());
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ client_id: 'kirish-demo', origin: 'http://127.0.0.1:8081' });
    expect(response.headers.get('cache-control')).toBe('no-store');
    // The SPA asks from its own origin; other sites get no CORS permission to read the answer.
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('confirms the account site origin for the first-party client, and a partner origin on a default port', async () => {
    expect(await ask({ client_id: ACCOUNT_CLIENT_ID, origin: ACCOUNT_ORIGIN })).toEqual({
      status: 200,
      body: { client_id: 'kirish-account', origin: 'http://localhost:8080' },
    });
    expect(await ask({ client_id: PARTNER_ID, origin: PARTNER_ORIGIN })).toEqual({
      status: 200,
      body: { client_id: 'partner-shop', origin: 'https://shop.example.uz' },
    });
  });

  it.each([
    ['an unknown client id', { client_id: 'evil-shop', origin: DEMO_ORIGIN }],
    ['a client id in another case', { client_id: 'KIRISH-DEMO', origin: DEMO_ORIGIN }],
    ['an empty client id', { client_id: '', origin: DEMO_ORIGIN }],
    ['no client id', { origin: DEMO_ORIGIN }],
    ['no parameters at all', {}],
  ])('refuses %s with 400 invalid_client', async (_name, params: Record<string, string>) => {
    expect(await ask(params)).toEqual({ status: 400, body: INVALID_CLIENT });
  });

  it.each([
    ['a trailing slash', DEMO_CLIENT_ID, 'http://127.0.0.1:8081/'],
    ['a path', DEMO_CLIENT_ID, 'http://127.0.0.1:8081/callback'],
    ['a query', DEMO_CLIENT_ID, 'http://127.0.0.1:8081?from=widget'],
    ['a fragment', DEMO_CLIENT_ID, 'http://127.0.0.1:8081#top'],
    ['a user name', DEMO_CLIENT_ID, 'http://shop@127.0.0.1:8081'],
    ['a user name and password', DEMO_CLIENT_ID, 'http://shop:secret@127.0.0.1:8081'],
    ['the opaque origin null', DEMO_CLIENT_ID, 'null'],
    ['an upper-case scheme', DEMO_CLIENT_ID, 'HTTP://127.0.0.1:8081'],
    ['an upper-case host', ACCOUNT_CLIENT_ID, 'http://LOCALHOST:8080'],
    ['a mixed-case host', ACCOUNT_CLIENT_ID, 'http://LocalHost:8080'],
    ['a different port', DEMO_CLIENT_ID, 'http://127.0.0.1:8082'],
    ['no port (the default one)', DEMO_CLIENT_ID, 'http://127.0.0.1'],
    ['https instead of http', DEMO_CLIENT_ID, 'https://127.0.0.1:8081'],
    ['another name for the same machine', DEMO_CLIENT_ID, 'http://localhost:8081'],
    ['the registered origin as the start of another host', PARTNER_ID, 'https://shop.example.uz.evil.example'],
    ['a subdomain of the registered host', PARTNER_ID, 'https://evil.shop.example.uz'],
    ['the default port written out', PARTNER_ID, 'https://shop.example.uz:443'],
    ['an upper-case host on a default port', PARTNER_ID, 'https://Shop.Example.UZ'],
    ['http instead of https', PARTNER_ID, 'http://shop.example.uz'],
    ['surrounding spaces', DEMO_CLIENT_ID, ' http://127.0.0.1:8081 '],
    ['no scheme', DEMO_CLIENT_ID, '127.0.0.1:8081'],
    ['text that is no URL', DEMO_CLIENT_ID, 'not an origin'],
    ['an empty origin', DEMO_CLIENT_ID, ''],
    ['an origin registered for another client', DEMO_CLIENT_ID, ACCOUNT_ORIGIN],
  ])('refuses an origin with %s with 400 origin_not_allowed', async (_name, clientId, origin) => {
    expect(await ask({ client_id: clientId, origin })).toEqual({ status: 400, body: ORIGIN_NOT_ALLOWED });
  });

  it('confirms nothing from a registration that lists no serialized origin, not even its own entries', async () => {
    // Registrations should hold serialized http(s) origins only. One that does not must not let
    // through a parent no browser reports this way, an opaque (sandboxed) one, a web socket
    // endpoint (no page has that origin), or a look-alike of its entries.
    const listed = ['https://shop.example.uz/', 'null', 'HTTPS://SHOP.EXAMPLE.UZ', 'wss://shop.example.uz'];
    await server.storage.clients.upsert(partner({ webOrigins: listed }));
    for (const origin of [...listed, PARTNER_ORIGIN]) {
      expect(await ask({ client_id: PARTNER_ID, origin }), origin).toEqual({ status: 400, body: ORIGIN_NOT_ALLOWED });
    }
  });

  it('refuses a request without an origin with 400 origin_not_allowed', async () => {
    expect(await ask({ client_id: DEMO_CLIENT_ID })).toEqual({ status: 400, body: ORIGIN_NOT_ALLOWED });
  });

  it('answers invalid_client, not origin_not_allowed, when both are wrong', async () => {
    expect(await ask({ client_id: 'evil-shop', origin: 'null' })).toEqual({ status: 400, body: INVALID_CLIENT });
  });

  it('refuses a parameter sent twice, even when one copy is right', async () => {
    const origin = encodeURIComponent(DEMO_ORIGIN);
    const twiceOrigin = await request(
      `client_id=kirish-demo&origin=${origin}&origin=${encodeURIComponent('https://evil.example')}`,
    );
    expect([twiceOrigin.status, twiceOrigin.json]).toEqual([400, ORIGIN_NOT_ALLOWED]);
    const twiceClient = await request(`client_id=kirish-demo&client_id=kirish-demo&origin=${origin}`);
    expect([twiceClient.status, twiceClient.json]).toEqual([400, INVALID_CLIENT]);
  });

  it('refuses an unknown query parameter with 400 unknown_field naming it', async () => {
    expect(
      await ask({ client_id: DEMO_CLIENT_ID, origin: DEMO_ORIGIN, redirect_uri: `${DEMO_ORIGIN}/callback` }),
    ).toEqual({
      status: 400,
      body: { errors: [{ error: 'unknown_field', field: 'redirect_uri' }] },
    });
  });
});
