/**
 * What a gateway's delivery report does (issue 37, features/sms-reports): it moves the message's row
 * (storage `smsMessages`) to delivered or failed, once, and counts it by gateway with the time from the
 * gateway taking the message to its delivery. A failed delivery closes the code it carried if it is still
 * open (`undelivered`): that code holds no resend cooldown (otp-service.ts), so the person may ask again at
 * once rather than wait for a code that will not come.
 */
import type { Clock } from '../lib/clock.js';
import type { DeliveryReport, SmsGatewayName } from '../senders/sms-gateway.js';
import type { SmsMessage, Storage } from '../storage/storage.js';
import type { KirishMetrics } from './metrics.js';

/** What a report did: moved its row, found it settled already (or not final), or found no row of that gateway. */
export type ReportOutcome = 'settled' | 'unchanged' | 'unknown';

export interface SmsDeliveryReports {
  apply(gateway: SmsGatewayName, report: DeliveryReport): Promise<ReportOutcome>;
}

export function createSmsDeliveryReports(deps: {
  storage: Storage;
  clock: Clock;
  metrics?: Pick<KirishMetrics, 'smsDelivered' | 'smsFailed'>;
}): SmsDeliveryReports {
  const { storage, clock, metrics } = deps;

  /** The row by the gateway's id, else by Kirish's own id, and only if that gateway took it. */
  async function rowOf(gateway: SmsGatewayName, report: DeliveryReport): Promise<SmsMessage | undefined> {
    const byGatewayId =
      report.gatewayMessageId === null
        ? undefined
        : await storage.smsMessages.findByGatewayId(gateway, report.gatewayMessageId);
    if (byGatewayId) return byGatewayId;
    const byOwnId = report.messageId === null ? undefined : await storage.smsMessages.find(report.messageId);
    return byOwnId?.gateway === gateway && byOwnId.sentAt !== null ? byOwnId : undefined;
  }

  return {
    async apply(gateway, report) {
      const row = await rowOf(gateway, report);
      if (!row) return 'unknown';
      if (report.status === 'pending') return 'unchanged';
      const now = clock.now();
      // The gateway's own time of the event when it gives one; never before the message was taken.
      const at = Math.max(report.at ?? now, row.sentAt ?? row.createdAt);
      if (report.status === 'delivered') {
        if (!(await storage.smsMessages.settle(row.id, { status: 'delivered', at }))) return 'unchanged';
        metrics?.smsDelivered(gateway, row.sentAt === null ? null : (at - row.sentAt) / 1000);
        return 'settled';
      }
      if (!(await storage.smsMessages.settle(row.id, { status: 'failed', at, error: 'reported undelivered' })))
        return 'unchanged';
      metrics?.smsFailed(gateway);
      if (row.codeId !== null) await storage.codes.close(row.codeId, now, 'undelivered');
      return 'settled';
    },
  };
}
