/**
 * The complaints part of the storage interface (issue 38, kysely-complaint-storage.ts, migration 0016):
 * a complaint with its human number, its thread of messages (the person's text first, then the
 * operator's answers) and its attachments' bytes, kept in the database every instance shares, as the
 * photos are (image-storage.ts), so any instance serves them to their owner.
 */

export const COMPLAINT_CATEGORIES = ['sign_in', 'codes', 'payments', 'partner_app', 'privacy', 'other'] as const;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];

export const COMPLAINT_STATUSES = ['new', 'in_progress', 'answered', 'closed'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

export interface Complaint {
  id: string;
  /** The number the person and the operator speak of, from 1 up. */
  number: number;
  /** The account it belongs to; null for a signed-out person whose proven contact names no account. */
  userId: string | null;
  /** Where the answer goes: the account's contact, or the one a signed-out person proved by a code. */
  contactType: 'phone' | 'email';
  contact: string;
  /** The language the answer's notice is written in. */
  locale: string;
  category: ComplaintCategory;
  subject: string;
  status: ComplaintStatus;
  createdAt: number;
  updatedAt: number;
}

export interface ComplaintMessage {
  id: string;
  complaintId: string;
  author: 'person' | 'operator';
  text: string;
  createdAt: number;
}

export interface ComplaintAttachment {
  id: string;
  complaintId: string;
  /** The file's name as sent, cut to a safe length; shown only, never used as a path. */
  name: string;
  /** What its bytes are (checked by content): `image/png`, `image/jpeg`, `image/webp`, `image/gif`, `application/pdf`. */
  mediaType: string;
  size: number;
}

export type NewComplaint = Omit<Complaint, 'number' | 'status' | 'updatedAt'>;

export interface ComplaintStorage {
  complaints: {
    /** Stores the complaint, its first message and its attachments; returns the number it was given. */
    insert(
      complaint: NewComplaint,
      /** The person's text, the thread's first message; its id sorts before any later one's (lib/ordered-id.ts). */
      first: { id: string; text: string },
      attachments: readonly (ComplaintAttachment & { data: Uint8Array })[],
    ): Promise<number>;
    find(id: string): Promise<Complaint | undefined>;
    findByNumber(number: number): Promise<Complaint | undefined>;
    /** The account's complaints, newest first. */
    listOfUser(userId: string, offset: number, limit: number): Promise<Complaint[]>;
    countOfUser(userId: string): Promise<number>;
    /** Every complaint, or those of one status, newest first (the operator's list). */
    list(status: ComplaintStatus | null, offset: number, limit: number): Promise<Complaint[]>;
    messages(complaintId: string): Promise<ComplaintMessage[]>;
    attachments(complaintId: string): Promise<ComplaintAttachment[]>;
    /** The bytes of one attachment of this complaint, or undefined. */
    attachmentData(
      complaintId: string,
      attachmentId: string,
    ): Promise<(ComplaintAttachment & { data: Buffer }) | undefined>;
    /** Adds a message and moves the status, in one transaction of the caller's. False when the complaint is gone or closed. */
    addMessage(message: ComplaintMessage, status: ComplaintStatus): Promise<boolean>;
    /** Sets the status (an answered or open complaint closed); false when there was none or it was closed already. */
    close(id: string, at: number): Promise<boolean>;
    /** Support takes a new complaint in hand: `new` becomes `in_progress`; false when it was not `new` (or none). */
    take(id: string, at: number): Promise<boolean>;
    /** An erased account's complaints, with their messages and attachments (services/erase-job.ts). */
    removeOfUser(userId: string): Promise<void>;
  };
}
