import type {
  ComplaintCategoryValue,
  ComplaintFiled,
  ComplaintPage,
  ComplaintThread,
} from '../../../../server/src/contract/complaints.js';
import type { Http } from '../../../lib/http';

export type { ComplaintFiled, ComplaintPage, ComplaintThread };

export interface ComplaintDraft {
  category: ComplaintCategoryValue;
  subject: string;
  text: string;
  attachments: readonly File[];
  /** Signed out only: the proof of a `complaint` code to the contact the answer goes to. */
  requestId?: string;
}

/** The complaint calls (docs/api.md, Complaints), under /common/api/v1/help/complaints/. */
export function complaintsApi(http: Http, commonApi: string) {
  const base = `${commonApi}/help/complaints/`;
  return {
    list: (page: number, pageSize: number) =>
      http.get<ComplaintPage>(base, { params: { page: String(page), page_size: String(pageSize) } }),
    thread: (id: string) => http.get<ComplaintThread>(`${base}${encodeURIComponent(id)}/`),
    /** The multipart form; the server checks each file by its first bytes, whatever the browser said. */
    file(draft: ComplaintDraft) {
      const body = new FormData();
      body.append('category', draft.category);
      body.append('subject', draft.subject);
      body.append('text', draft.text);
      for (const file of draft.attachments) body.append('attachment', file, file.name);
      if (draft.requestId) body.append('request_id', draft.requestId);
      // Signed out, no account is named: the code's proof says who is writing.
      return http.post<ComplaintFiled>(base, body, draft.requestId ? { account: null } : undefined);
    },
    /** An attachment's bytes: owner-only, so fetched with the token rather than opened as a link. */
    attachment: (id: string, attachment: string) =>
      http.get<Blob>(`${base}${encodeURIComponent(id)}/attachments/${encodeURIComponent(attachment)}`, {
        responseType: 'blob',
      }),
  };
}

export type ComplaintsApi = ReturnType<typeof complaintsApi>;
