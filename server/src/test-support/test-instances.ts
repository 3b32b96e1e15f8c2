/**
 * Several Kirish instances on one database, as N processes behind a proxy would be (issue 13): each
 * is a whole test server (test-server.ts) with its own app, its own key store and caches, and its
 * own connections to the one SQLite file (or PostgreSQL database); they share the database and a
 * clock only. What one instance keeps in memory the others cannot see, so a limit or a job that
 * holds across them holds in the database.
 */
import { afterEach, beforeEach, expect } from 'vitest';
import { createTestServer, type TestServer } from './test-server.js';

type Options = Omit<NonNullable<Parameters<typeof createTestServer>[0]>, 'sharing'>;

export async function createTestInstances(count: number, options: Options = {}): Promise<TestServer[]> {
  const first = await createTestServer(options);
  const instances = [first];
  for (let i = 1; i < count; i += 1) {
    instances.push(
      await createTestServer({ ...options, sharing: { databaseUrl: first.databaseUrl, clock: first.clock } }),
    );
  }
  return instances;
}

/** Closes the others before the first, which removes the database. */
export async function closeTestInstances(instances: readonly TestServer[]): Promise<void> {
  for (const instance of instances.toReversed()) await instance.close();
}

/**
 * `count` fresh instances on one fresh database for every test of the file, each checked after the
 * test for anything it logged as an unexpected error.
 */
export function useTestInstances(count: 2, options?: Options): [TestServer, TestServer];
export function useTestInstances(count: number, options?: Options): TestServer[];
export function useTestInstances(count: number, options: Options = {}): TestServer[] {
  let current: TestServer[] = [];
  beforeEach(async () => {
    current = await createTestInstances(count, options);
  });
  afterEach(async () => {
    for (const instance of current) expect(instance.loggedErrors).toEqual([]);
    await closeTestInstances(current);
    current = [];
  });
  return Array.from(
    { length: count },
    (_, i) =>
      new Proxy({} as TestServer, {
        get(_target, key) {
          const instance = current[i];
          if (!instance) throw new Error('the test instances exist only while a test runs');
          return instance[key as keyof TestServer];
        },
      }),
  );
}
