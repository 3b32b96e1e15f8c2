import { beforeEach, describe, expect, it } from 'vitest';
import {
  ACCOUNT_CLIENT_ID,
  DEMO_ACCOUNT,
  DEMO_APP_CLIENT_ID,
  DEMO_SHOP_CLIENT_ID,
  DEMO_CLIENT_ID,
  seedDemoClients,
  seedDemoData,
} from './demo-data.js';
import { testClient } from './test-support/clients.js';
import { useTestServer, V1 } from './test-support/test-server.js';

const embedOrigin = (server: ReturnType<typeof useTestServer>, clientId: string, origin: string) =>
  server.call('GET', `${V1}/oauth/embed_origin/?${new URLSearchParams({ client_id: clientId, origin }).toString()}`);

describe('the local OAuth clients, outside production', () => {
  const server = useTestServer({ env: { PORT: '9180', DEMO_PORT: '9181' } });

  it('registers the demo partner and the account site as public clients at the configured origins', async () => {
    await seedDemoClients(server.storage, server.config, server.clock);
    const at = server.clock.now();
    expect(await server.storage.clients.find(DEMO_CLIENT_ID)).toEqual(
      testClient(at, {
        id: 'kirish-demo',
        name: 'Bozor',
        homePage: 'http://127.0.0.1:9181/',
        redirectUris: ['http://127.0.0.1:9181/callback'],
        postLogoutRedirectUris: ['http://127.0.0.1:9181/'],
        webOrigins: ['http://127.0.0.1:9181'],
      }),
    );
    expect(await server.storage.clients.find(ACCOUNT_CLIENT_ID)).toEqual(
      testClient(at, {
        id: 'kirish-account',
        name: 'Kirish',
        homePage: 'http://localhost:9180/',
        redirectUris: ['http://localhost:9180/'],
        postLogoutRedirectUris: ['http://localhost:9180/'],
        webOrigins: ['http://localhost:9180'],
        firstParty: true,
      }),
    );
    expect(await server.storage.clients.find(DEMO_APP_CLIENT_ID)).toEqual(
      testClient(at, {
        id: 'kirish-demo-app',
        name: 'Bozor app',
        homePage: 'http://127.0.0.1:9181/',
        redirectUris: ['uz.kirish.demo:/oauth', 'http://127.0.0.1:8765/oauth'],
        postLogoutRedirectUris: [],
        webOrigins: [],
      }),
    );
  });

  it('seeds once when several instances start together on one database (no duplicate key, one demo account)', async () => {
    const seeded = await Promise.all(
      Array.from({ length: 4 }, async () => {
        await seedDemoClients(server.storage, server.config, server.clock);
        return seedDemoData(server.storage, server.clock);
      }),
    );
    expect(seeded.filter(Boolean)).toHaveLength(1);
    expect((await server.storage.clients.list()).map((client) => client.id)).toEqual([
      ACCOUNT_CLIENT_ID,
      DEMO_CLIENT_ID,
      DEMO_APP_CLIENT_ID,
      DEMO_SHOP_CLIENT_ID,
    ]);
    expect((await server.storage.users.findByPhone(DEMO_ACCOUNT.phone))?.firstName).toBe(DEMO_ACCOUNT.firstName);
    // Hissa's projects (docs/hissa.md, Demo data) are seeded once too: Chilanzar's three, in Tashkent city.
    const near = await server.storage.hissaProjects.listNear(
      { region: 'tashkent-city', district: 'chilanzar', onlyDistrict: true },
      0,
      10,
    );
    expect(near.count).toBe(3);
    // Each has its cover, stored like an upload and served by the reference CDN.
    for (const project of near.results) {
      const cover = await server.call('GET', `/cdn/400x/${project.coverPath ?? 'none'}`);
      expect([cover.status, cover.headers.get('content-type')]).toEqual([200, 'image/webp']);
    }
  });

  it('moves the demo client to the new origin when the server starts again on another demo port', async () => {
    await seedDemoClients(server.storage, server.config, server.clock);
    const firstStart = server.clock.now();
    server.clock.advanceSeconds(3600);
    await seedDemoClients(server.storage, { ...server.config, demoPort: 9191 }, server.clock);

    const demo = await server.storage.clients.find(DEMO_CLIENT_ID);
    expect(demo?.webOrigins).toEqual(['http://127.0.0.1:9191']);
    expect(demo?.redirectUris).toEqual(['http://127.0.0.1:9191/callback']);
    expect([demo?.createdAt, demo?.updatedAt]).toEqual([firstStart, firstStart + 3600_000]);

    const now = await embedOrigin(server, DEMO_CLIENT_ID, 'http://127.0.0.1:9191');
    expect([now.status, now.json]).toEqual([200, { client_id: 'kirish-demo', origin: 'http://127.0.0.1:9191' }]);
    const before = await embedOrigin(server, DEMO_CLIENT_ID, 'http://127.0.0.1:9181');
    expect([before.status, before.json]).toEqual([400, { errors: [{ error: 'origin_not_allowed', field: 'origin' }] }]);
  });
});

describe('the local OAuth clients, in production', () => {
  const server = useTestServer({
    env: {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://id.kirish.uz',
      SMTP_URL: 'smtps://user:pass@smtp.kirish.uz:465',
      SMS_GATEWAY_URL: 'https://sms.example.uz/send',
      KEY_ENCRYPTION_SECRET: 'a-test-secret-of-thirty-two-characters',
    },
  });
  beforeEach(() => seedDemoClients(server.storage, server.config, server.clock));

  it('are never registered: neither client exists and neither origin is confirmed', async () => {
    expect(server.config.env).toBe('production');
    expect(await server.storage.clients.find(DEMO_CLIENT_ID)).toBeUndefined();
    expect(await server.storage.clients.find(ACCOUNT_CLIENT_ID)).toBeUndefined();
    for (const [clientId, origin] of [
      [DEMO_CLIENT_ID, 'http://127.0.0.1:8081'],
      [ACCOUNT_CLIENT_ID, 'https://id.kirish.uz'],
    ] as const) {
      const response = await embedOrigin(server, clientId, origin);
      expect([response.status, response.json], clientId).toEqual([
        400,
        { errors: [{ error: 'invalid_client', field: 'client_id' }] },
      ]);
    }
  });
});
