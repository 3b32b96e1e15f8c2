/**
 * A real server for tests: the app as built in production, on a fresh SQLite file in a temporary
 * folder (or, asked for with `database: 'postgres'` or KIRISH_TEST_DATABASE=postgres, a fresh
 * database on the run's PostgreSQL test cluster), with a clock the test moves by hand and the dev
 * outbox as the only sender. Requests go through `app.request()`; no port, no mocks.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { afterEach, beforeEach, expect } from 'vitest';
import { buildApp } from '../bootstrap.js';
import { loadConfig } from '../config/config.js';
import { createManualClock, type ManualClock } from '../lib/clock.js';
import { createOutboxSender } from '../senders/outbox-sender.js';
import type { Sender } from '../senders/sender.js';
import type { SmsGateway } from '../senders/sms-gateway.js';
import type { ProviderClients } from '../services/social/provider-client.js';
import { createReadinessCheck } from '../storage/readiness.js';
import { migrateToLatest } from '../storage/migrations.js';
import { openDatabase } from '../storage/open-database.js';
import { createPostgresTestDatabase } from './postgres-test-database.js';
import { readyKeyPair } from './ready-key-pairs.js';

export interface CallOptions {
  body?: unknown;
  /** Sent as is, without JSON encoding or a content type. */
  rawBody?: string;
  headers?: Record<string, string>;
  token?: string;
  ip?: string;
}

export interface CallResult {
  status: number;
  headers: Headers;
  // Tests read whatever the server answered; its shape is what they assert.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
  text: string;
}

export const V1 = '/sso/api/v1';
export const REGISTER_PATH = '/sso/api/v2/register/RegisterUser/';
export const STRONG_PASSWORD = 'Qovun-pishdi-Chorsu-7';
/** What a production start needs (config.ts): real senders, an https issuer and the key-encryption secret. */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  SMS_GATEWAY_URL: 'http://127.0.0.1:9',
  PUBLIC_URL: 'https://id.kirish.uz',
  KEY_ENCRYPTION_SECRET: 'a-test-secret-of-thirty-two-characters',
} as const;

export type TestDatabase = 'sqlite' | 'postgres';

/** The database a test server uses unless its options name one: KIRISH_TEST_DATABASE, else SQLite. */
function defaultDatabase(): TestDatabase {
  const asked = process.env.KIRISH_TEST_DATABASE;
  if (asked === undefined || asked === '' || asked === 'sqlite') return 'sqlite';
  if (asked === 'postgres') return 'postgres';
  throw new Error(`KIRISH_TEST_DATABASE must be sqlite or postgres (got ${JSON.stringify(asked)})`);
}

/**
 * Another instance on a test server's database (test-support/test-instances.ts): its DATABASE_URL,
 * opened through connections of this server's own, and its clock. The first server removes the database.
 */
export interface SharedDatabase {
  databaseUrl: string;
  clock: ManualClock;
}

export async function createTestServer(
  options: {
    /** Read when the server is made (a function: for what is known only then, as a stand-in's port). */
    env?: Record<string, string> | (() => Record<string, string>);
    sender?: Sender;
    site?: MiddlewareHandler;
    database?: TestDatabase;
    sharing?: SharedDatabase;
    /** The social providers' clients (fakes of test-support/social.ts); none unless given. */
    providerClients?: ProviderClients;
    /** The SMS gateways whose delivery reports the app reads (fakes of test-support/sms-gateways.ts); none unless given. */
    smsGateways?: readonly SmsGateway[];
  } = {},
) {
  const dir = mkdtempSync(join(tmpdir(), 'kirish-test-'));
  // The SQLite file's path even on PostgreSQL: tests that only need a folder read it.
  const dbPath = join(dir, 'kirish.db');
  const postgres =
    !options.sharing && (options.database ?? defaultDatabase()) === 'postgres'
      ? await createPostgresTestDatabase()
      : undefined;
  const databaseUrl = options.sharing?.databaseUrl ?? (postgres ? postgres.url : `sqlite:${dbPath}`);
  const env = typeof options.env === 'function' ? options.env() : options.env;
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, TRUST_PROXY: '1', ...env });
  const opened = openDatabase(config.database);
  const { db, storage } = opened;
  // A copy of a migrated template is migrated already; this only checks that it is.
  await migrateToLatest(db);
  const clock = options.sharing?.clock ?? createManualClock();
  const loggedErrors: unknown[] = [];
  const app = await buildApp({
    config,
    storage,
    signals: opened.signals,
    clock,
    sender: options.sender ?? createOutboxSender(storage, clock),
    log: (message, error, fields) => loggedErrors.push({ message, error, ...(fields === undefined ? {} : { fields }) }),
    readiness: createReadinessCheck(db),
    generateKeyPair: readyKeyPair,
    ...(options.site ? { site: options.site } : {}),
    ...(options.providerClients ? { providerClients: options.providerClients } : {}),
    ...(options.smsGateways ? { smsGateways: options.smsGateways } : {}),
  });

  async function call(method: string, path: string, request: CallOptions = {}): Promise<CallResult> {
    const headers: Record<string, string> = { 'x-forwarded-for': request.ip ?? '203.0.113.7', ...request.headers };
    if (request.token) headers.authorization = `Bearer ${request.token}`;
    let body: string | undefined;
    if (request.rawBody !== undefined) body = request.rawBody;
    else if (request.body !== undefined) {
      body = JSON.stringify(request.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await app.request(path, { method, headers, ...(body === undefined ? {} : { body }) });
    const text = await response.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, json, text };
  }

  const post = (path: string, body: unknown, request: Omit<CallOptions, 'body'> = {}) =>
    call('POST', path, { ...request, body });

  /** The newest code the dev outbox holds for `to`. */
  async function lastCode(to: string): Promise<string> {
    const message = (await storage.outbox.list(100)).find((m) => m.recipient === to);
    if (!message?.code) throw new Error(`no code was sent to ${to}`);
    return message.code;
  }

  /** Sends a code, reads it from the outbox, and trades it for a request_id. */
  async function verify(contact: { phone: string } | { email: string }, type?: string): Promise<string> {
    const isPhone = 'phone' in contact;
    const purpose = type ?? (isPhone ? 'login_sms_verification' : 'confirm_email_or_phone');
    const sent = await post(`${V1}/auth/${isPhone ? 'SendAuthSmsVerification' : 'SendAuthEmailVerification'}/`, {
      type: purpose,
      ...contact,
    });
    if (sent.status !== 200) throw new Error(`send failed: ${sent.status} ${sent.text}`);
    const code = await lastCode(isPhone ? contact.phone : contact.email);
    const checked = await post(`${V1}/auth/${isPhone ? 'CheckAuthSmsVerification' : 'CheckAuthEmailVerification'}/`, {
      type: purpose,
      ...contact,
      code,
    });
    if (checked.status !== 200) throw new Error(`check failed: ${checked.status} ${checked.text}`);
    return checked.json.request_id as string;
  }

  /** Registers an account by phone and returns the token response. */
  async function registerByPhone(
    phone: string,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    const requestId = await verify({ phone });
    const registered = await post(
      REGISTER_PATH,
      {
        request_id: requestId,
        password: STRONG_PASSWORD,
        first_name: 'Dilnoza',
        last_name: 'Yusupova',
        kind: 2,
        ...extra,
      },
      { headers },
    );
    if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${registered.text}`);
    return registered.json as {
      access: string;
      refresh: string;
      user_uuid: string;
      has_phone: boolean;
      session: string;
    };
  }

  async function close() {
    await opened.close();
    await postgres?.drop();
    rmSync(dir, { recursive: true, force: true });
  }

  return {
    app,
    storage,
    clock,
    config,
    db,
    dbPath,
    databaseUrl,
    call,
    post,
    lastCode,
    verify,
    registerByPhone,
    close,
    loggedErrors,
  };
}

export type TestServer = Awaited<ReturnType<typeof createTestServer>>;

/**
 * A fresh test server for every test of the file, checked after each test for anything it logged as
 * an unexpected error (a 500 would fail the test even when its status was not asserted).
 */
export function useTestServer(options: Parameters<typeof createTestServer>[0] = {}): TestServer {
  let current: TestServer | undefined;
  beforeEach(async () => {
    current = await createTestServer(options);
  });
  afterEach(async () => {
    expect(current?.loggedErrors).toEqual([]);
    await current?.close();
    current = undefined;
  });
  return new Proxy({} as TestServer, {
    get(_target, key) {
      if (!current) throw new Error('the test server exists only while a test runs');
      return current[key as keyof TestServer];
    },
  });
}
