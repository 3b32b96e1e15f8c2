/**
 * The SMS part of the storage interface (issue 37, kysely-sms-message-storage.ts): one row per code handed to
 * an SMS gateway, written before the send so that a delivery report arriving at once finds it, then moved by
 * the send's outcome and by the gateway's delivery report (features/sms-reports). The phone is kept masked
 * only: the row tells an operator what happened to a message, not whom it went to.
 */

/** A message's state (senders/sms-gateway.ts SmsStatus). */
export type SmsMessageStatus = 'sent' | 'delivered' | 'failed';

export interface SmsMessage {
  /** Kirish's own id of the message: Eskiz's `user_sms_id`, Play Mobile's `message-id`. */
  id: string;
  /**
   * The gateway that took it (`eskiz`, `playmobile`, `generic`: senders/sms-gateway.ts); before that the
   * first one to try, and for a message none took the last one tried.
   */
  gateway: string;
  /** The gateway's id of the message, once it took it (null if it gives none). */
  gatewayMessageId: string | null;
  /** As the "code sent" toast shows it (contract/contact-masks.ts), never the full phone. */
  phoneMasked: string;
  /** The code's purpose and its `codes` row: a failed delivery lifts that code's resend cooldown. */
  purpose: string | null;
  codeId: string | null;
  channel: 'sms' | 'call';
  /** `sent` from the row's writing until a report says otherwise; `failed` too when no gateway took it. */
  status: SmsMessageStatus;
  createdAt: number;
  /** When a gateway took it; null while it is being handed over, and for a message none took. */
  sentAt: number | null;
  deliveredAt: number | null;
  failedAt: number | null;
  /** Why it failed, as a log may say it (a status, an error code); never the phone or the text. */
  error: string | null;
}

export interface SmsMessageStorage {
  smsMessages: {
    insert(message: SmsMessage): Promise<void>;
    /** A gateway took it: its name and its id of the message. */
    markSent(id: string, gateway: string, gatewayMessageId: string | null, at: number): Promise<void>;
    /** No gateway took it: `failed`, with the last one tried and why. */
    markUnsent(id: string, gateway: string, error: string, at: number): Promise<void>;
    find(id: string): Promise<SmsMessage | undefined>;
    findByGatewayId(gateway: string, gatewayMessageId: string): Promise<SmsMessage | undefined>;
    /**
     * A delivery report's final state, once, in one statement: only a `sent` row moves (a report repeated,
     * or one contradicting an earlier one, changes nothing). False when the row was not `sent`.
     */
    settle(id: string, outcome: { status: 'delivered' | 'failed'; at: number; error?: string }): Promise<boolean>;
  };
}
