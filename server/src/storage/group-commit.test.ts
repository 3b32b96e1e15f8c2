import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKyselyStorage } from './kysely-storage.js';
import { migrateToLatest } from './migrations.js';
import { openSqlite } from './sqlite.js';
import { NEW_ACCOUNT_PROFILE, type User } from './records.js';
import type { Storage } from './storage.js';

let dir: string;
let path: string;
let storage: Storage;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kirish-group-'));
  path = join(dir, 'kirish.db');
  const db = openSqlite(path);
  await migrateToLatest(db);
  storage = createKyselyStorage(db, { groupCommit: true });
});
afterEach(async () => {
  await storage.close();
  rmSync(dir, { recursive: true, force: true });
});

const user = (id: string): User => ({
  id,
  phone: `+99890000${id.padStart(4, '0')}`,
  email: null,
  emailVerified: false,
  passwordHash: null,
  firstName: 'A',
  lastName: 'B',
  isInactivated: false,
  createdAt: 0,
  updatedAt: 0,
  passwordChangedAt: null,
  ...NEW_ACCOUNT_PROFILE,
});

describe('group commit', () => {
  it('rolls back only the unit that failed; the others in its group commit', async () => {
    const results = await Promise.allSettled([
      storage.transaction((tx) => tx.users.insert(user('1'))),
      storage.transaction(async (tx) => {
        await tx.users.insert(user('2'));
        throw new Error('refused');
      }),
      storage.transaction((tx) => tx.users.insert(user('3'))),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('refused'));
    expect(await storage.users.findById('1')).toBeDefined();
    expect(await storage.users.findById('2')).toBeUndefined();
    expect(await storage.users.findById('3')).toBeDefined();
  });

  it('answers each caller only once its writes are committed and visible to another connection', async () => {
    const other = new SQLite(path, { readonly: true });
    try {
      const seen: boolean[] = [];
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          storage
            .transaction((tx) => tx.users.insert(user(String(i))))
            .then(() => seen.push(other.prepare('SELECT 1 FROM users WHERE id = ?').get(String(i)) !== undefined)),
        ),
      );
      expect(seen).toEqual(Array(20).fill(true));
    } finally {
      other.close();
    }
  });

  it('lets a unit read what an earlier unit of the same group wrote, in arrival order', async () => {
    const [, found] = await Promise.all([
      storage.transaction((tx) => tx.users.insert(user('1'))),
      storage.transaction((tx) => tx.users.findById('1')),
    ]);
    expect(found?.id).toBe('1');
  });

  it('keeps unique constraints between units of one group', async () => {
    const results = await Promise.allSettled([
      storage.transaction((tx) => tx.users.insert(user('1'))),
      storage.transaction((tx) => tx.users.insert({ ...user('2'), phone: user('1').phone })),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
  });
});
