/** The complaints' rows over Kysely (complaint-storage.ts, migration 0016). */
import { sql, type Kysely, type Selectable } from 'kysely';
import type {
  Complaint,
  ComplaintAttachment,
  ComplaintCategory,
  ComplaintStatus,
  ComplaintStorage,
} from './complaint-storage.js';
import { changed, integer } from './dialect.js';
import type { ComplaintAttachmentsTable, ComplaintsTable } from './complaint-schema.js';
import type { Database } from './schema.js';

function fromRow(row: Selectable<ComplaintsTable>): Complaint {
  return {
    id: row.id,
    number: integer(row.number),
    userId: row.user_id,
    contactType: row.contact_type as Complaint['contactType'],
    contact: row.contact,
    locale: row.locale,
    category: row.category as ComplaintCategory,
    subject: row.subject,
    status: row.status as ComplaintStatus,
    createdAt: integer(row.created_at),
    updatedAt: integer(row.updated_at),
  };
}

function attachmentFromRow(
  row: Omit<Selectable<ComplaintAttachmentsTable>, 'data' | 'created_at'>,
): ComplaintAttachment {
  return {
    id: row.id,
    complaintId: row.complaint_id,
    name: row.name,
    mediaType: row.media_type,
    size: integer(row.size),
  };
}

const ATTACHMENT_COLUMNS = ['id', 'complaint_id', 'name', 'media_type', 'size'] as const;
/** Two complaints filed at once on PostgreSQL may both read the same highest number: the unique index refuses one, which tries again. */
const NUMBER_ATTEMPTS = 5;

export function complaintStorageOn(db: Kysely<Database>): ComplaintStorage {
  async function insertRow(complaint: Parameters<ComplaintStorage['complaints']['insert']>[0]): Promise<number> {
    for (let attempt = 1; ; attempt++) {
      try {
        // The next number in the statement that takes it, never a read before a write.
        const row = await db
          .insertInto('complaints')
          .columns([
            'id',
            'number',
            'user_id',
            'contact_type',
            'contact',
            'locale',
            'category',
            'subject',
            'status',
            'created_at',
            'updated_at',
          ])
          .expression(
            db
              .selectFrom('complaints')
              .select([
                sql.val(complaint.id).as('id'),
                sql<number>`coalesce(max(number), 0) + 1`.as('number'),
                sql.val(complaint.userId).as('user_id'),
                sql.val(complaint.contactType).as('contact_type'),
                sql.val(complaint.contact).as('contact'),
                sql.val(complaint.locale).as('locale'),
                sql.val(complaint.category).as('category'),
                sql.val(complaint.subject).as('subject'),
                sql.val('new').as('status'),
                sql.val(complaint.createdAt).as('created_at'),
                sql.val(complaint.createdAt).as('updated_at'),
              ]),
          )
          .returning('number')
          .executeTakeFirstOrThrow();
        return integer(row.number);
      } catch (error) {
        if (
          attempt >= NUMBER_ATTEMPTS ||
          (await db.selectFrom('complaints').select('id').where('id', '=', complaint.id).executeTakeFirst())
        )
          throw error;
      }
    }
  }

  return {
    complaints: {
      async insert(complaint, first, attachments) {
        const number = await insertRow(complaint);
        await db
          .insertInto('complaint_messages')
          .values({
            id: first.id,
            complaint_id: complaint.id,
            author: 'person',
            text: first.text,
            created_at: complaint.createdAt,
          })
          .execute();
        for (const attachment of attachments)
          await db
            .insertInto('complaint_attachments')
            .values({
              id: attachment.id,
              complaint_id: complaint.id,
              name: attachment.name,
              media_type: attachment.mediaType,
              size: attachment.size,
              data: Buffer.from(attachment.data),
              created_at: complaint.createdAt,
            })
            .execute();
        return number;
      },
      async find(id) {
        const row = await db.selectFrom('complaints').selectAll().where('id', '=', id).executeTakeFirst();
        return row ? fromRow(row) : undefined;
      },
      async findByNumber(number) {
        const row = await db.selectFrom('complaints').selectAll().where('number', '=', number).executeTakeFirst();
        return row ? fromRow(row) : undefined;
      },
      async listOfUser(userId, offset, limit) {
        const rows = await db
          .selectFrom('complaints')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('number', 'desc')
          .limit(limit)
          .offset(offset)
          .execute();
        return rows.map(fromRow);
      },
      async countOfUser(userId) {
        const row = await db
          .selectFrom('complaints')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        return integer(row.count as number);
      },
      async list(status, offset, limit) {
        let query = db.selectFrom('complaints').selectAll();
        if (status !== null) query = query.where('status', '=', status);
        const rows = await query.orderBy('number', 'desc').limit(limit).offset(offset).execute();
        return rows.map(fromRow);
      },
      async messages(complaintId) {
        const rows = await db
          .selectFrom('complaint_messages')
          .selectAll()
          .where('complaint_id', '=', complaintId)
          .orderBy('created_at')
          .orderBy('id')
          .execute();
        return rows.map((row) => ({
          id: row.id,
          complaintId: row.complaint_id,
          author: row.author as 'person' | 'operator',
          text: row.text,
          createdAt: integer(row.created_at),
        }));
      },
      async attachments(complaintId) {
        const rows = await db
          .selectFrom('complaint_attachments')
          .select(ATTACHMENT_COLUMNS)
          .where('complaint_id', '=', complaintId)
          .orderBy('id')
          .execute();
        return rows.map(attachmentFromRow);
      },
      async attachmentData(complaintId, attachmentId) {
        const row = await db
          .selectFrom('complaint_attachments')
          .select([...ATTACHMENT_COLUMNS, 'data'])
          .where('complaint_id', '=', complaintId)
          .where('id', '=', attachmentId)
          .executeTakeFirst();
        return row ? { ...attachmentFromRow(row), data: Buffer.from(row.data) } : undefined;
      },
      async addMessage(message, status) {
        const result = await db
          .updateTable('complaints')
          .set({ status, updated_at: message.createdAt })
          .where('id', '=', message.complaintId)
          .where('status', '<>', 'closed')
          .executeTakeFirst();
        if (!changed(result)) return false;
        await db
          .insertInto('complaint_messages')
          .values({
            id: message.id,
            complaint_id: message.complaintId,
            author: message.author,
            text: message.text,
            created_at: message.createdAt,
          })
          .execute();
        return true;
      },
      async close(id, at) {
        const result = await db
          .updateTable('complaints')
          .set({ status: 'closed', updated_at: at })
          .where('id', '=', id)
          .where('status', '<>', 'closed')
          .executeTakeFirst();
        return changed(result);
      },
      async take(id, at) {
        const result = await db
          .updateTable('complaints')
          .set({ status: 'in_progress', updated_at: at })
          .where('id', '=', id)
          .where('status', '=', 'new')
          .executeTakeFirst();
        return changed(result);
      },
      async removeOfUser(userId) {
        const ids = db.selectFrom('complaints').select('id').where('user_id', '=', userId);
        await db.deleteFrom('complaint_attachments').where('complaint_id', 'in', ids).execute();
        await db.deleteFrom('complaint_messages').where('complaint_id', 'in', ids).execute();
        await db.deleteFrom('complaints').where('user_id', '=', userId).execute();
      },
    },
  };
}
