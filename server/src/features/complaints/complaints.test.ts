/** The person's complaint endpoints (docs/api.md, Complaints): filing signed in and out, reading back, owner only. */
import { describe, expect, it } from 'vitest';
import { solidImage } from '../../lib/images.js';
import { useTestServer, type CallResult } from '../../test-support/test-server.js';

const COMPLAINTS = '/common/api/v1/help/complaints/';
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

const server = useTestServer();

type Part = [name: string, value: string | Uint8Array, filename?: string];

function form(parts: Part[]): FormData {
  const body = new FormData();
  for (const [name, value, filename] of parts)
    body.append(name, typeof value === 'string' ? value : new File([value], filename ?? 'file.bin'));
  return body;
}

const FIELDS: Part[] = [
  ['category', 'codes'],
  ['subject', 'The code did not arrive'],
  ['text', 'I asked three times and no SMS came.'],
];

async function file(parts: Part[], token?: string, ip = '203.0.113.7') {
  const response = await server.app.request(COMPLAINTS, {
    method: 'POST',
    body: form(parts),
    headers: { 'x-forwarded-for': ip, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const json: CallResult['json'] = await response.json();
  return { status: response.status, headers: response.headers, json };
}

describe('POST /common/api/v1/help/complaints/ signed in', () => {
  it('files a complaint with a picture and a PDF, and the account reads it back in its list and thread', async () => {
    const { access } = await server.registerByPhone('+998901110022');
    const png = await solidImage(20, 20, 'png');
    const filed = await file(
      [...FIELDS, ['attachment', png, 'screen.png'], ['attachment', PDF, 'receipt.pdf']],
      access,
    );
    expect(filed.status).toBe(201);
    expect(filed.json).toEqual({ id: expect.any(String), number: 1 });
    expect(filed.headers.get('cache-control')).toBe('no-store');

    const list = await server.call('GET', `${COMPLAINTS}?page=1&page_size=10`, { token: access });
    expect(list.status).toBe(200);
    expect(list.json).toEqual({
      count: 1,
      results: [
        {
          id: filed.json.id,
          number: 1,
          category: 'codes',
          subject: 'The code did not arrive',
          status: 'new',
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      ],
    });
    const thread = await server.call('GET', `${COMPLAINTS}${filed.json.id}/`, { token: access });
    expect(thread.json.messages).toEqual([
      { author: 'person', text: 'I asked three times and no SMS came.', created_at: expect.any(String) },
    ]);
    expect(thread.json.attachments.map((a: Record<string, unknown>) => [a.name, a.media_type])).toEqual([
      ['screen.png', 'image/png'],
      ['receipt.pdf', 'application/pdf'],
    ]);
    const pdf = thread.json.attachments[1];
    const download = await server.app.request(`${COMPLAINTS}${filed.json.id}/attachments/${pdf.id}`, {
      headers: { authorization: `Bearer ${access}`, 'x-forwarded-for': '203.0.113.7' },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''receipt.pdf");
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF);
  });

  it('decides an attachment by its content: a .png that is really text is refused, as are a fourth file and a large one', async () => {
    const { access } = await server.registerByPhone('+998901110022');
    const text = new TextEncoder().encode('<script>alert(1)</script> not a picture\n');
    expect(await file([...FIELDS, ['attachment', text, 'photo.png']], access)).toMatchObject({
      status: 400,
      json: { errors: [{ error: 'invalid_attachment_type', field: 'attachment' }] },
    });
    const four: Part[] = [1, 2, 3, 4].map((n) => ['attachment', PDF, `${n}.pdf`]);
    expect((await file([...FIELDS, ...four], access)).json).toEqual({
      errors: [{ error: 'too_many_attachments', field: 'attachment' }],
    });
    const large = new Uint8Array(5 * 1024 * 1024 + 1);
    large.set(PDF);
    expect((await file([...FIELDS, ['attachment', large, 'big.pdf']], access)).json).toEqual({
      errors: [{ error: 'file_too_large', field: 'attachment' }],
    });
  });

  it('names every wrong field with its key', async () => {
    const { access } = await server.registerByPhone('+998901110022');
    const answer = await file(
      [
        ['category', 'billing'],
        ['subject', 'x'.repeat(151)],
        ['text', '   '],
      ],
      access,
    );
    expect(answer.status).toBe(400);
    expect(answer.json.errors).toEqual([
      { error: 'invalid_category', field: 'category' },
      { error: 'field_too_long', field: 'subject' },
      { error: 'field_required', field: 'text' },
    ]);
    expect(
      (
        await file(
          [
            ['subject', 'a'],
            ['text', 'b'],
          ],
          access,
        )
      ).json.errors,
    ).toEqual([{ error: 'field_required', field: 'category' }]);
    expect((await file([...FIELDS, ['priority', 'high']], access)).json.errors).toEqual([
      { error: 'unknown_field', field: 'priority' },
    ]);
    const json = await server.post(COMPLAINTS, { category: 'codes' }, { token: access });
    expect([json.status, json.json]).toEqual([415, { errors: [{ error: 'unsupported_media_type' }] }]);
  });

  it('limits an account to five complaints an hour', async () => {
    const { access } = await server.registerByPhone('+998901110022');
    for (let n = 1; n <= 5; n++) expect((await file(FIELDS, access)).status).toBe(201);
    const refused = await file(FIELDS, access);
    expect([refused.status, refused.json]).toEqual([429, { errors: [{ error: 'too_many_complaints' }] }]);
    expect(Number(refused.headers.get('retry-after'))).toBe(60 * 60);
    // Signed out, the limit is the client address's.
    const requestId = await server.verify({ phone: '+998901110022' }, 'complaint');
    expect((await file([...FIELDS, ['request_id', requestId]], undefined, '198.51.100.9')).status).toBe(201);
  });
});

describe('POST /common/api/v1/help/complaints/ signed out', () => {
  it('needs a contact proven by a complaint code, used once', async () => {
    expect((await file(FIELDS)).json).toEqual({ errors: [{ error: 'field_required', field: 'request_id' }] });
    const requestId = await server.verify({ email: 'aziza@example.uz' }, 'complaint');
    const filed = await file([...FIELDS, ['request_id', requestId]]);
    expect([filed.status, filed.json.number]).toEqual([201, 1]);
    const complaint = await server.storage.complaints.findByNumber(1);
    expect(complaint).toMatchObject({ userId: null, contactType: 'email', contact: 'aziza@example.uz' });
    expect((await file([...FIELDS, ['request_id', requestId]])).json).toEqual({
      errors: [{ error: 'unique_request_id', field: 'request_id' }],
    });
    const signInProof = await server.verify({ phone: '+998901110033' });
    expect((await file([...FIELDS, ['request_id', signInProof]])).json).toEqual({
      errors: [{ error: 'request_id_error', field: 'request_id' }],
    });
  });

  it('files for the account whose phone was proven, which then sees it in its list', async () => {
    const { access } = await server.registerByPhone('+998901110022');
    const requestId = await server.verify({ phone: '+998901110022' }, 'complaint');
    expect((await file([...FIELDS, ['request_id', requestId]])).status).toBe(201);
    const list = await server.call('GET', COMPLAINTS, { token: access });
    expect(list.json.count).toBe(1);
  });
});

describe('reading complaints', () => {
  it("is the owner's only: another account gets 404 for the thread and the attachment, and nobody reads without a token", async () => {
    const owner = await server.registerByPhone('+998901110022');
    const other = await server.registerByPhone('+998901110044');
    const filed = await file([...FIELDS, ['attachment', PDF, 'a.pdf']], owner.access);
    const thread = await server.call('GET', `${COMPLAINTS}${filed.json.id}/`, { token: owner.access });
    const attachment = `${COMPLAINTS}${filed.json.id}/attachments/${thread.json.attachments[0].id}`;
    for (const path of [`${COMPLAINTS}${filed.json.id}/`, attachment]) {
      const answer = await server.call('GET', path, { token: other.access });
      expect([answer.status, answer.json]).toEqual([404, { errors: [{ error: 'not_found' }] }]);
    }
    expect((await server.call('GET', COMPLAINTS, { token: other.access })).json).toEqual({ count: 0, results: [] });
    expect((await server.call('GET', COMPLAINTS)).status).toBe(401);
    expect((await server.call('GET', attachment)).status).toBe(401);
  });

  it('pages the list newest first and refuses a page size over 50', async () => {
    const { access } = await server.registerByPhone('+998901110022');
    for (let n = 1; n <= 3; n++)
      await file(
        [
          ['category', 'other'],
          ['subject', `Number ${n}`],
          ['text', 't'],
        ],
        access,
      );
    const page = await server.call('GET', `${COMPLAINTS}?page=2&page_size=2`, { token: access });
    expect([page.json.count, page.json.results.map((c: { subject: string }) => c.subject)]).toEqual([3, ['Number 1']]);
    const first = await server.call('GET', `${COMPLAINTS}?page_size=2`, { token: access });
    expect(first.json.results.map((c: { number: number }) => c.number)).toEqual([3, 2]);
    const refused = await server.call('GET', `${COMPLAINTS}?page_size=51`, { token: access });
    expect([refused.status, refused.json]).toEqual([400, { errors: [{ error: 'invalid_value', field: 'page_size' }] }]);
  });
});
