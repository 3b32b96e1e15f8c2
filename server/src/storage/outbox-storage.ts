/**
 * The outbox part of the storage interface: what the senders sent (kysely-outbox-storage.ts).
 */
export interface OutboxMessage {
  id: string;
  channel: 'sms' | 'call' | 'email';
  recipient: string;
  code: string | null;
  text: string;
  createdAt: number;
}

export interface OutboxStorage {
  outbox: {
    add(message: OutboxMessage): Promise<void>;
    list(limit: number): Promise<OutboxMessage[]>;
  };
}
