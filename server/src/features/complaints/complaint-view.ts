/** Shapes a complaint's records into the contract's answers, for the person's routes and the operator's alike. */
import type {
  ComplaintCategoryValue,
  ComplaintSummary,
  ComplaintThread,
  OperatorComplaint,
} from '../../contract/complaints.js';
import { maskContact } from '../../lib/contacts.js';
import type { Complaint, Storage } from '../../storage/storage.js';

const iso = (at: number) => new Date(at).toISOString();

export function complaintSummary(complaint: Complaint): ComplaintSummary {
  return {
    id: complaint.id,
    number: complaint.number,
    created_at: iso(complaint.createdAt),
    updated_at: iso(complaint.updatedAt),
    category: complaint.category as ComplaintCategoryValue,
    subject: complaint.subject,
    status: complaint.status,
  };
}

export async function complaintThread(storage: Storage, complaint: Complaint): Promise<ComplaintThread> {
  const [messages, attachments] = await Promise.all([
    storage.complaints.messages(complaint.id),
    storage.complaints.attachments(complaint.id),
  ]);
  return {
    ...complaintSummary(complaint),
    messages: messages.map((message) => ({
      author: message.author,
      text: message.text,
      created_at: iso(message.createdAt),
    })),
    attachments: attachments.map((attachment) => ({
      id: attachment.id,
      name: attachment.name,
      media_type: attachment.mediaType,
      size: attachment.size,
    })),
  };
}

export async function operatorComplaint(storage: Storage, complaint: Complaint): Promise<OperatorComplaint> {
  return {
    ...(await complaintThread(storage, complaint)),
    contact: maskContact({ type: complaint.contactType, value: complaint.contact }),
    has_account: complaint.userId !== null,
  };
}
