/**
 * What the complaints' part (kysely-complaint-storage.ts) promises: numbers from 1 up, unique even when
 * filed at once; an account's complaints newest first and counted; the thread in order; attachments'
 * bytes only under their own complaint; a closed complaint takes no more messages.
 * Run against every database by storage-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { NewComplaint } from '../complaint-storage.js';
import { T0, type OpenStorage, usingStorage } from './contract-records.js';

function complaint(id: string, overrides: Partial<NewComplaint> = {}): NewComplaint {
  return {
    id,
    userId: 'u1',
    contactType: 'phone',
    contact: '+998901234567',
    locale: 'uz',
    category: 'codes',
    subject: `Subject ${id}`,
    createdAt: T0,
    ...overrides,
  };
}

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

export function describeComplaintStorage(name: string, open: OpenStorage) {
  const withStorage = usingStorage(open);

  describe(`the ${name} storage's complaints`, () => {
    it('numbers complaints from 1 up and keeps each as filed, with its first message and attachments', () =>
      withStorage(async (storage) => {
        const attachment = { id: 'a1', complaintId: 'c1', name: 'shot.png', mediaType: 'image/png', size: PNG.length };
        expect(
          await storage.complaints.insert(complaint('c1'), { id: 'm-c1', text: 'The code never came' }, [
            { ...attachment, data: PNG },
          ]),
        ).toBe(1);
        expect(
          await storage.complaints.insert(complaint('c2', { userId: null }), { id: 'm-c2', text: 'Second' }, []),
        ).toBe(2);
        expect(await storage.complaints.find('c1')).toEqual({
          ...complaint('c1'),
          number: 1,
          status: 'new',
          updatedAt: T0,
        });
        expect((await storage.complaints.findByNumber(2))?.id).toBe('c2');
        expect(await storage.complaints.findByNumber(3)).toBeUndefined();
        expect(await storage.complaints.messages('c1')).toEqual([
          { id: 'm-c1', complaintId: 'c1', author: 'person', text: 'The code never came', createdAt: T0 },
        ]);
        expect(await storage.complaints.attachments('c1')).toEqual([attachment]);
        const data = await storage.complaints.attachmentData('c1', 'a1');
        expect(data?.mediaType).toBe('image/png');
        expect([...(data?.data ?? [])]).toEqual([...PNG]);
        // An attachment is found only under its own complaint.
        expect(await storage.complaints.attachmentData('c2', 'a1')).toBeUndefined();
      }));

    it('gives complaints filed at the same moment different numbers', () =>
      withStorage(async (storage) => {
        const numbers = await Promise.all(
          ['c1', 'c2', 'c3', 'c4'].map((id) =>
            storage.complaints.insert(complaint(id), { id: `m-${id}`, text: 'text' }, []),
          ),
        );
        expect(numbers.toSorted()).toEqual([1, 2, 3, 4]);
      }));

    it("lists and counts an account's complaints newest first, a page at a time, and the operator's by status", () =>
      withStorage(async (storage) => {
        for (const id of ['c1', 'c2', 'c3'])
          await storage.complaints.insert(complaint(id), { id: `m-${id}`, text: 'text' }, []);
        await storage.complaints.insert(complaint('other', { userId: 'u2' }), { id: 'm-other', text: 'text' }, []);
        expect((await storage.complaints.listOfUser('u1', 0, 2)).map((c) => c.id)).toEqual(['c3', 'c2']);
        expect((await storage.complaints.listOfUser('u1', 2, 2)).map((c) => c.id)).toEqual(['c1']);
        expect(await storage.complaints.countOfUser('u1')).toBe(3);
        expect(await storage.complaints.countOfUser('nobody')).toBe(0);
        await storage.complaints.close('c2', T0 + 5);
        expect((await storage.complaints.list(null, 0, 10)).map((c) => c.id)).toEqual(['other', 'c3', 'c2', 'c1']);
        expect((await storage.complaints.list('closed', 0, 10)).map((c) => c.id)).toEqual(['c2']);
        expect((await storage.complaints.list('new', 1, 1)).map((c) => c.id)).toEqual(['c3']);
      }));

    it('adds an answer and moves the status; a closed complaint takes no more and closes once', () =>
      withStorage(async (storage) => {
        await storage.complaints.insert(complaint('c1'), { id: 'm-c1', text: 'text' }, []);
        const answer = {
          id: 'm1',
          complaintId: 'c1',
          author: 'operator' as const,
          text: 'Sent again',
          createdAt: T0 + 10,
        };
        expect(await storage.complaints.addMessage(answer, 'answered')).toBe(true);
        expect(await storage.complaints.find('c1')).toMatchObject({ status: 'answered', updatedAt: T0 + 10 });
        expect((await storage.complaints.messages('c1')).map((m) => m.author)).toEqual(['person', 'operator']);
        expect(await storage.complaints.close('c1', T0 + 20)).toBe(true);
        expect(await storage.complaints.close('c1', T0 + 30)).toBe(false);
        expect(await storage.complaints.addMessage({ ...answer, id: 'm2' }, 'answered')).toBe(false);
        expect(await storage.complaints.find('c1')).toMatchObject({ status: 'closed', updatedAt: T0 + 20 });
        expect(await storage.complaints.addMessage({ ...answer, id: 'm3', complaintId: 'gone' }, 'answered')).toBe(
          false,
        );
      }));

    it('takes a new complaint in hand once: in_progress, and never a closed or unknown one', () =>
      withStorage(async (storage) => {
        await storage.complaints.insert(complaint('c1'), { id: 'm-c1', text: 'text' }, []);
        await storage.complaints.insert(complaint('c2'), { id: 'm-c2', text: 'text' }, []);
        expect(await storage.complaints.take('c1', T0 + 10)).toBe(true);
        expect(await storage.complaints.find('c1')).toMatchObject({ status: 'in_progress', updatedAt: T0 + 10 });
        expect(await storage.complaints.take('c1', T0 + 20)).toBe(false);
        expect(await storage.complaints.find('c1')).toMatchObject({ status: 'in_progress', updatedAt: T0 + 10 });
        expect(await storage.complaints.close('c2', T0 + 10)).toBe(true);
        expect(await storage.complaints.take('c2', T0 + 20)).toBe(false);
        expect(await storage.complaints.find('c2')).toMatchObject({ status: 'closed' });
        expect(await storage.complaints.take('gone', T0 + 20)).toBe(false);
      }));

    it("removes an erased account's complaints with their threads and attachments, and only theirs", () =>
      withStorage(async (storage) => {
        const attachment = { id: 'a1', complaintId: 'c1', name: 'a.png', mediaType: 'image/png', size: 3 };
        await storage.complaints.insert(complaint('c1'), { id: 'm-c1', text: 'text' }, [{ ...attachment, data: PNG }]);
        await storage.complaints.insert(complaint('c2', { userId: 'u2' }), { id: 'm-c2', text: 'text' }, []);
        await storage.complaints.removeOfUser('u1');
        expect(await storage.complaints.find('c1')).toBeUndefined();
        expect(await storage.complaints.messages('c1')).toEqual([]);
        expect(await storage.complaints.attachmentData('c1', 'a1')).toBeUndefined();
        expect(await storage.complaints.find('c2')).toBeDefined();
      }));
  });
}
