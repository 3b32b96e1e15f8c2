/** Row shapes of migration 0016's tables, as Kysely sees them (schema.ts composes them into `Database`). */

/** Migration 0016: a complaint, its thread and its attachments (complaint-storage.ts). */
export interface ComplaintsTable {
  id: string;
  number: number;
  user_id: string | null;
  contact_type: string;
  contact: string;
  locale: string;
  category: string;
  subject: string;
  status: string;
  created_at: number;
  updated_at: number;
}

export interface ComplaintMessagesTable {
  id: string;
  complaint_id: string;
  author: string;
  text: string;
  created_at: number;
}

export interface ComplaintAttachmentsTable {
  id: string;
  complaint_id: string;
  name: string;
  media_type: string;
  size: number;
  data: Buffer;
  created_at: number;
}

/** Migration 0016: an account's identity validation beyond its status on `users` (validation-storage.ts). */
export interface IdentityValidationsTable {
  user_id: string;
  reference: string;
  reason: string | null;
  started_at: number;
  updated_at: number;
}
