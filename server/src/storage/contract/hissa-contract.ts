/**
 * What Hissa's storage (kysely-hissa-storage.ts) promises: a project's tally is its offline part plus the
 * contributions whose receipt is paid (counted once per account); the region's projects with the
 * district's first; one contribution per account and key; an account's list holds only its own.
 * Run against every database by storage-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { HissaProject } from '../hissa-storage.js';
import { T0, type OpenStorage, usingStorage } from './contract-records.js';

const project = (id: string, overrides: Partial<HissaProject> = {}): HissaProject => ({
  id,
  title: `Project ${id}`,
  text: 'A new roof for the school.',
  region: 'tashkent-city',
  district: 'chilonzor',
  goal: 5_000_000_000,
  raisedOffline: 100_000_000,
  contributorsOffline: 3,
  deadline: T0 + 30 * 86_400_000,
  coverPath: null,
  status: 'open',
  createdAt: T0,
  ...overrides,
});

const bill = (id: string, amount: number) => ({
  id,
  clientId: 'kirish-hissa',
  orderId: `order-${id}`,
  amount,
  description: 'Hissa',
  returnUrl: 'https://kirish.example/projects/hissa',
  webhookUrl: null,
  processorReceiptId: `p-${id}`,
  createdAt: T0,
});

const CARD = { id: 'c1', brand: 'uzcard' as const, maskedNumber: '860049******6478' };

const contribution = (id: string, userId: string, receiptId: string, amount: number, projectId = 'h1') => ({
  id,
  projectId,
  userId,
  amount,
  receiptId,
  payKey: `key-${id}`,
  createdAt: T0 + Number(id.replace(/\D/g, '')),
});

export function describeHissaStorage(name: string, open: OpenStorage) {
  const withStorage = usingStorage(open);

  describe(`the ${name} storage's Hissa`, () => {
    it('counts only paid contributions in the tally, each account once', () =>
      withStorage(async (storage) => {
        await storage.hissaProjects.insert(project('h1'));
        for (const [id, amount] of [
          ['r1', 1_000_000],
          ['r2', 2_000_000],
          ['r3', 4_000_000],
        ] as const) {
          await storage.receipts.insertOrFind(bill(id, amount));
        }
        await storage.hissaContributions.insertOrFind(contribution('x1', 'u1', 'r1', 1_000_000));
        await storage.hissaContributions.insertOrFind(contribution('x2', 'u1', 'r2', 2_000_000));
        await storage.hissaContributions.insertOrFind(contribution('x3', 'u2', 'r3', 4_000_000));
        expect(await storage.hissaProjects.find('h1')).toMatchObject({ raised: 100_000_000, contributors: 3 });
        for (const id of ['r1', 'r2']) {
          await storage.receipts.claim(id, { key: id, userId: 'u1', card: CARD }, T0);
          await storage.receipts.settle(id, id, { status: 'paid', paidAt: T0 + 1 }, T0 + 1);
        }
        expect(await storage.hissaProjects.find('h1')).toMatchObject({ raised: 103_000_000, contributors: 4 });
        expect(await storage.hissaProjects.find('nope')).toBeUndefined();
      }));

    it('lists the region with the district first and narrows to the district when asked', () =>
      withStorage(async (storage) => {
        await storage.hissaProjects.insert(project('h1', { district: 'yunusobod', deadline: T0 + 1 }));
        await storage.hissaProjects.insert(project('h2', { deadline: T0 + 5 }));
        await storage.hissaProjects.insert(project('h3', { status: 'closed', deadline: T0 + 2 }));
        await storage.hissaProjects.insert(project('h4', { region: 'samarkand', district: 'urgut' }));
        const near = await storage.hissaProjects.listNear(
          { region: 'tashkent-city', district: 'chilonzor', onlyDistrict: false },
          0,
          10,
        );
        expect([near.count, near.results.map((entry) => entry.id)]).toEqual([3, ['h2', 'h3', 'h1']]);
        const only = await storage.hissaProjects.listNear(
          { region: 'tashkent-city', district: 'chilonzor', onlyDistrict: true },
          1,
          10,
        );
        expect([only.count, only.results.map((entry) => entry.id)]).toEqual([2, ['h3']]);
      }));

    it('keeps one contribution per account and key, and lists an account only its own', () =>
      withStorage(async (storage) => {
        await storage.hissaProjects.insert(project('h1'));
        await storage.receipts.insertOrFind(bill('r1', 1_000_000));
        await storage.receipts.insertOrFind(bill('r2', 1_000_000));
        const first = await storage.hissaContributions.insertOrFind(contribution('x1', 'u1', 'r1', 1_000_000));
        const again = await storage.hissaContributions.insertOrFind({
          ...contribution('x2', 'u1', 'r2', 1_000_000),
          payKey: 'key-x1',
        });
        expect([first.created, again.created, again.contribution.id]).toEqual([true, false, 'x1']);
        await storage.hissaContributions.insertOrFind(contribution('x3', 'u2', 'r2', 1_000_000));
        const mine = await storage.hissaContributions.listByUser('u1', 0, 10);
        expect(mine.count).toBe(1);
        expect(mine.results[0]).toMatchObject({ id: 'x1', projectTitle: 'Project h1', receiptStatus: 'pending' });
        expect((await storage.hissaContributions.listByUser('u2', 0, 10)).results.map((entry) => entry.id)).toEqual([
          'x3',
        ]);
        expect(await storage.hissaContributions.findByKey('u2', 'key-x1')).toBeUndefined();
      }));

    it('lists updates newest first', () =>
      withStorage(async (storage) => {
        await storage.hissaProjects.insert(project('h1'));
        await storage.hissaUpdates.insert({ id: 'n1', projectId: 'h1', text: 'Bricks bought.', createdAt: T0 });
        await storage.hissaUpdates.insert({ id: 'n2', projectId: 'h1', text: 'Roof done.', createdAt: T0 + 1 });
        expect((await storage.hissaUpdates.listByProject('h1')).map((entry) => entry.text)).toEqual([
          'Roof done.',
          'Bricks bought.',
        ]);
      }));
  });
}
