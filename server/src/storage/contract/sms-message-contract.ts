/**
 * What the SMS messages' part (kysely-sms-message-storage.ts) promises: a row written before the send, moved
 * by the send's outcome, found by Kirish's id or by the gateway's, and settled by one final report only.
 * Run against every database by storage-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { SmsMessage } from '../sms-message-storage.js';
import { T0, type OpenStorage, usingStorage } from './contract-records.js';

function message(id: string, overrides: Partial<SmsMessage> = {}): SmsMessage {
  return {
    id,
    gateway: 'eskiz',
    gatewayMessageId: null,
    phoneMasked: '+998 90 *** ** 67',
    purpose: 'login_sms_verification',
    codeId: `code-${id}`,
    channel: 'sms',
    status: 'sent',
    createdAt: T0,
    sentAt: null,
    deliveredAt: null,
    failedAt: null,
    error: null,
    ...overrides,
  };
}

export function describeSmsMessageStorage(name: string, open: OpenStorage) {
  const withStorage = usingStorage(open);

  describe(`the ${name} storage's SMS messages`, () => {
    it('keeps a row as written, then the gateway that took it and its id', () =>
      withStorage(async (storage) => {
        await storage.smsMessages.insert(message('m1'));
        expect(await storage.smsMessages.find('m1')).toEqual(message('m1'));
        await storage.smsMessages.markSent('m1', 'playmobile', 'pm-77', T0 + 40);
        expect(await storage.smsMessages.find('m1')).toEqual(
          message('m1', { gateway: 'playmobile', gatewayMessageId: 'pm-77', sentAt: T0 + 40 }),
        );
        expect(await storage.smsMessages.find('nobody')).toBeUndefined();
      }));

    it('finds a row by its gateway and that gateway’s id only', () =>
      withStorage(async (storage) => {
        await storage.smsMessages.insert(message('m1', { gatewayMessageId: '42', sentAt: T0 }));
        await storage.smsMessages.insert(message('m2', { gateway: 'playmobile', gatewayMessageId: '42', sentAt: T0 }));
        expect((await storage.smsMessages.findByGatewayId('eskiz', '42'))?.id).toBe('m1');
        expect((await storage.smsMessages.findByGatewayId('playmobile', '42'))?.id).toBe('m2');
        expect(await storage.smsMessages.findByGatewayId('generic', '42')).toBeUndefined();
        expect(await storage.smsMessages.findByGatewayId('eskiz', '43')).toBeUndefined();
      }));

    it('marks a message no gateway took as failed, with the last gateway tried and why', () =>
      withStorage(async (storage) => {
        await storage.smsMessages.insert(message('m1'));
        await storage.smsMessages.markUnsent('m1', 'playmobile', 'status 503', T0 + 5);
        expect(await storage.smsMessages.find('m1')).toEqual(
          message('m1', { gateway: 'playmobile', status: 'failed', failedAt: T0 + 5, error: 'status 503' }),
        );
      }));

    it('settles a sent message once: a repeated or contradicting report changes nothing', () =>
      withStorage(async (storage) => {
        await storage.smsMessages.insert(message('m1', { sentAt: T0 }));
        await storage.smsMessages.insert(message('m2', { sentAt: T0 }));
        expect(await storage.smsMessages.settle('m1', { status: 'delivered', at: T0 + 3000 })).toBe(true);
        expect(await storage.smsMessages.settle('m1', { status: 'failed', at: T0 + 4000, error: 'x' })).toBe(false);
        expect(await storage.smsMessages.settle('m2', { status: 'failed', at: T0 + 9000, error: 'UNDELIV' })).toBe(
          true,
        );
        expect(await storage.smsMessages.settle('m2', { status: 'delivered', at: T0 + 9500 })).toBe(false);
        expect(await storage.smsMessages.settle('none', { status: 'delivered', at: T0 })).toBe(false);
        expect(await storage.smsMessages.find('m1')).toEqual(
          message('m1', { sentAt: T0, status: 'delivered', deliveredAt: T0 + 3000 }),
        );
        expect(await storage.smsMessages.find('m2')).toEqual(
          message('m2', { sentAt: T0, status: 'failed', failedAt: T0 + 9000, error: 'UNDELIV' }),
        );
      }));
  });
}
