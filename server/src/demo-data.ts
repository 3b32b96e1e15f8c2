/**
 * Demo data outside production: one account a newcomer can sign in with, and the OAuth clients the
 * local setup needs (the demo partner site and Kirish's own account site).
 */
import type { Config } from './config/config.js';
import type { Clock } from './lib/clock.js';
import { hashPassword } from './lib/passwords.js';
import { randomId, randomSecret, sha256 } from './lib/secrets.js';
import { seedDemoHissa } from './services/hissa/demo-hissa.js';
import { seedDemoReviews } from './services/reviews/demo-reviews.js';
import { NEW_ACCOUNT_PROFILE } from './storage/records.js';
import type { OAuthClient, Storage } from './storage/storage.js';

export const DEMO_ACCOUNT = {
  phone: '+998901234567',
  email: 'demo@kirish.uz',
  password: 'Samarqand-Buxoro-2026',
  firstName: 'Aziza',
  lastName: 'Karimova',
} as const;

/** The demo partner site's client (docs/product.md §10: served on 127.0.0.1:DEMO_PORT). */
export const DEMO_CLIENT_ID = 'kirish-demo';
/** The demo shop's one name: its page (demo/index.html) and Kirish's consent screen both say it. */
export const DEMO_CLIENT_NAME = 'Bozor';
/**
 * The demo shop's backend (server/src/site/demo-shop.ts): a confidential client (RFC 6749 §2.1) that bills
 * users with its secret, which seedDemoClients makes anew at each start and main.ts hands to that backend alone.
 */
export const DEMO_SHOP_CLIENT_ID = 'kirish-demo-shop';
/**
 * The demo phone app (RFC 8252: a native app, a public client), which /login/mobile-telegram and
 * /login/mobile-twitter hand a code to (docs/partners.md, Phone apps): its own reverse-domain scheme (§7.1), and a
 * loopback address (§7.3) that a developer's tool, or a test's browser, listens on.
 */
export const DEMO_APP_CLIENT_ID = 'kirish-demo-app';
export const DEMO_APP_REDIRECT_URIS = ['uz.kirish.demo:/oauth', 'http://127.0.0.1:8765/oauth'] as const;
/** Kirish's own account site, a first-party client of its own provider. */
export const ACCOUNT_CLIENT_ID = 'kirish-account';

/**
 * Creates the demo account unless it exists; returns whether it did. Its password is published, so
 * main.ts calls this only when `config.seedDemoAccount` says so: never in production, and on a public
 * PUBLIC_URL only when asked for (config.ts, KIRISH_DEMO_ACCOUNT).
 */
export async function seedDemoData(storage: Storage, clock: Clock): Promise<boolean> {
  if (await storage.users.findByPhone(DEMO_ACCOUNT.phone)) return false;
  const now = clock.now();
  const passwordHash = await hashPassword(DEMO_ACCOUNT.password);
  // Another instance starting on the same database may insert it first: its account is the demo account.
  const id = randomId();
  const inserted = storage.users.insert({
    id,
    phone: DEMO_ACCOUNT.phone,
    email: DEMO_ACCOUNT.email,
    emailVerified: true,
    passwordHash,
    firstName: DEMO_ACCOUNT.firstName,
    lastName: DEMO_ACCOUNT.lastName,
    isInactivated: false,
    createdAt: now,
    updatedAt: now,
    passwordChangedAt: now,
    ...NEW_ACCOUNT_PROFILE,
  });
  try {
    await inserted;
  } catch (error) {
    if (await storage.users.findByPhone(DEMO_ACCOUNT.phone)) return false;
    throw error;
  }
  // Its home in Chilanzar, the default address, so Hissa opens on the projects near it (issue 42).
  await storage.addresses.insert({
    id: randomId(),
    userId: id,
    label: 'Uy',
    region: 'tashkent-city',
    district: 'chilanzar',
    street: 'Bunyodkor shoh ko‘chasi',
    house: '7',
    apartment: '12',
    postalCode: '100115',
    isDefault: true,
    createdAt: now,
    updatedAt: now,
  });
  // Its reviews, companies and claims (issue 42), seeded once with the account.
  await seedDemoReviews(storage, clock, id);
  // Hissa's community projects near it (issue 42, docs/hissa.md).
  await seedDemoHissa(storage, clock);
  return true;
}

/** The local clients as `config` places them; all public (RFC 6749 §2.1: a browser or a phone app keeps no secret). */
function demoClients(config: Config, at: number): OAuthClient[] {
  const demoOrigin = `http://127.0.0.1:${config.demoPort}`;
  const scopes = ['openid', 'profile', 'phone', 'email'];
  const common = {
    logoUrl: null,
    privacyPolicyUrl: null,
    termsUrl: null,
    kind: 'public',
    secretHash: null,
    secretCreatedAt: null,
    ownerId: null,
    createdAt: at,
    updatedAt: at,
  } as const;
  return [
    {
      ...common,
      id: DEMO_CLIENT_ID,
      name: DEMO_CLIENT_NAME,
      homePage: `${demoOrigin}/`,
      redirectUris: [`${demoOrigin}/callback`],
      postLogoutRedirectUris: [`${demoOrigin}/`],
      webOrigins: [demoOrigin],
      scopes: [...scopes],
      firstParty: false,
    },
    {
      ...common,
      id: DEMO_APP_CLIENT_ID,
      name: `${DEMO_CLIENT_NAME} app`,
      homePage: `${demoOrigin}/`,
      redirectUris: [...DEMO_APP_REDIRECT_URIS],
      postLogoutRedirectUris: [],
      webOrigins: [],
      scopes: [...scopes],
      firstParty: false,
    },
    {
      ...common,
      id: ACCOUNT_CLIENT_ID,
      name: 'Kirish',
      homePage: `${config.publicUrl}/`,
      redirectUris: [`${config.publicUrl}/`],
      postLogoutRedirectUris: [`${config.publicUrl}/`],
      webOrigins: [config.publicUrl],
      scopes: [...scopes],
      firstParty: true,
    },
  ];
}

/** What the demo shop's backend (server/src/site/demo-shop.ts) bills with, and where its buyers come back. */
export interface DemoShopCredentials {
  clientId: string;
  clientSecret: string;
  demoOrigin: string;
}

const demoOriginOf = (config: Config) => `http://127.0.0.1:${config.demoPort}`;

/** The demo shop's confidential client: its origin is the demo site's, where the buyer comes back from /pay. */
function demoShopClient(config: Config, at: number, secret: string): OAuthClient {
  const demoOrigin = demoOriginOf(config);
  return {
    id: DEMO_SHOP_CLIENT_ID,
    name: DEMO_CLIENT_NAME,
    homePage: `${demoOrigin}/`,
    logoUrl: null,
    privacyPolicyUrl: null,
    termsUrl: null,
    kind: 'confidential',
    secretHash: sha256(secret),
    secretCreatedAt: at,
    ownerId: null,
    redirectUris: [],
    postLogoutRedirectUris: [],
    webOrigins: [demoOrigin],
    scopes: ['openid'],
    firstParty: false,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * Registers the local clients, on every start rather than only on an empty database: their
 * origins follow DEMO_PORT and PUBLIC_URL, which change between runs (tests pick free ports), and a
 * stale registration would refuse the real origin. Never in production: the demo client sends codes
 * to a loopback redirect URI, where whatever listens on that port of a user's machine would receive
 * them (RFC 9700 §4.1), and production's own clients are registered on purpose, not from defaults.
 */
export async function seedDemoClients(
  storage: Storage,
  config: Config,
  clock: Clock,
): Promise<DemoShopCredentials | undefined> {
  if (config.env === 'production') return undefined;
  // The shop's secret is new at each start: only the database (hashed) and the shop's backend hold it.
  const shop = { clientId: DEMO_SHOP_CLIENT_ID, clientSecret: randomSecret(), demoOrigin: demoOriginOf(config) };
  const clients = [...demoClients(config, clock.now()), demoShopClient(config, clock.now(), shop.clientSecret)];
  await storage.transaction(async (tx) => {
    for (const client of clients) await tx.clients.upsert(client);
  });
  return shop;
}
