/**
 * Fresh, migrated PostgreSQL databases for tests, on the run's throwaway cluster
 * (test/support/postgres-global-setup.mjs hands its URL over as `inject('postgresUrl')`).
 *
 * Migrating a database takes a few hundred milliseconds; copying one takes a few dozen. So each
 * test file migrates one template database once, and every case gets `CREATE DATABASE … TEMPLATE`
 * of it, dropped when the case is done. A template per file (per worker process), not one per run:
 * PostgreSQL refuses to copy a database anyone is connected to, and a file's template is connected
 * to only while it is being migrated, before that file copies it.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { afterAll, inject } from 'vitest';
import { migrateToLatest } from '../storage/migrations.js';
import { openPostgres } from '../storage/postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test cluster's URL: a role that may create databases, and its own database. */
    postgresUrl: string;
  }
}

export function postgresServerUrl(): string {
  const url = inject('postgresUrl');
  if (!url)
    throw new Error(
      'No PostgreSQL for the tests: vite.config.ts names test/support/postgres-global-setup.mjs as globalSetup of this project.',
    );
  return url;
}

/** The same server and role, another database. */
export function urlOfDatabase(name: string): string {
  const url = new URL(postgresServerUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

const uniqueName = (prefix: string) => `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;

/** One connection for CREATE and DROP DATABASE, which cannot run inside a transaction or a pool's. */
let admin: Promise<Client> | undefined;
function adminClient(): Promise<Client> {
  admin ??= (async () => {
    const client = new Client({ connectionString: postgresServerUrl() });
    await client.connect();
    return client;
  })();
  return admin;
}

let template: Promise<string> | undefined;
/** This file's template: created and migrated on first use, every connection to it closed after. */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const name = uniqueName('kirish_template');
    await (await adminClient()).query(`CREATE DATABASE ${name}`);
    const { db } = openPostgres(urlOfDatabase(name), 1);
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    return name;
  })();
  return template;
}

/**
 * A plain DROP DATABASE waits up to five seconds for sessions still closing (a pool's end() resolves
 * before its sockets are gone); FORCE (PostgreSQL 13+) ends any a failed case left open.
 */
async function dropDatabase(name: string): Promise<void> {
  const client = await adminClient();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name}`);
  } catch {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

export interface PostgresTestDatabase {
  name: string;
  url: string;
  /** Drops the database; every connection to it must be closed first (the storage's close()). */
  drop: () => Promise<void>;
}

/** A new database with every migration applied, for one case. */
export async function createPostgresTestDatabase(): Promise<PostgresTestDatabase> {
  const source = await migratedTemplate();
  const name = uniqueName('kirish_case');
  const client = await adminClient();
  await client.query(`CREATE DATABASE ${name} TEMPLATE ${source}`);
  return { name, url: urlOfDatabase(name), drop: () => dropDatabase(name) };
}

/** An empty database (no migration), for the tests of migrating itself. */
export async function createEmptyPostgresDatabase(): Promise<PostgresTestDatabase> {
  const name = uniqueName('kirish_empty');
  const client = await adminClient();
  await client.query(`CREATE DATABASE ${name}`);
  return { name, url: urlOfDatabase(name), drop: () => dropDatabase(name) };
}

// The template and the admin connection go with the file; the cluster goes with the run.
afterAll(async () => {
  if (!admin) return;
  const client = await admin;
  const made = await template?.catch(() => undefined);
  if (made) await dropDatabase(made);
  await client.end();
  admin = undefined;
  template = undefined;
});
