/** The operator API's complaint endpoints (docs/api.md, The operator API), and its secret. */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test-support/test-server.js';

const ADMIN_TOKEN = 'operator-token-of-at-least-thirty-two-characters';
const OPERATOR = '/common/api/v1/operator/complaints/';
const COMPLAINTS = '/common/api/v1/help/complaints/';

async function fileAs(server: ReturnType<typeof useTestServer>, token: string, subject = 'Code never came') {
  const body = new FormData();
  body.append('category', 'codes');
  body.append('subject', subject);
  body.append('text', 'Three times, nothing.');
  const response = await server.app.request(COMPLAINTS, {
    method: 'POST',
    body,
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.7' },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; number: number };
}

describe('the operator API with ADMIN_TOKEN set', () => {
  const server = useTestServer({ env: { ADMIN_TOKEN } });
  const asOperator = { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } };

  it('answers 404 as a missing path to a missing or wrong token, and reads nothing', async () => {
    const { access } = await server.registerByPhone('+998901110022');
    await fileAs(server, access);
    for (const headers of <Record<string, string>[]>[
      {},
      { authorization: 'Bearer wrong-token-of-at-least-thirty-two-chars' },
      { authorization: `Bearer ${access}` },
    ]) {
      const answer = await server.call('GET', OPERATOR, { headers });
      expect([answer.status, answer.json]).toEqual([404, { errors: [{ error: 'not_found' }] }]);
      const post = await server.post(`${OPERATOR}1/answer/`, { text: 'Hi' }, { headers });
      expect(post.status).toBe(404);
    }
    expect((await server.storage.complaints.messages((await fileAs(server, access)).id)).length).toBe(1);
  });

  it('lists by status, answers (the person told by SMS and shown the answer), and closes', async () => {
    const { access } = await server.registerByPhone('+998901110022');
    const filed = await fileAs(server, access);
    const list = await server.call('GET', `${OPERATOR}?status=new`, asOperator);
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(list.json.results).toEqual([
      expect.objectContaining({ number: 1, status: 'new', contact: expect.stringContaining('***'), has_account: true }),
    ]);
    expect((await server.call('GET', `${OPERATOR}?status=answered`, asOperator)).json.results).toEqual([]);

    const answered = await server.post(`${OPERATOR}1/answer/`, { text: '  We sent the code again.  ' }, asOperator);
    expect(answered.status).toBe(200);
    expect(answered.json).toMatchObject({ status: 'answered', notified: true });
    const [notice] = await server.storage.outbox.list(1);
    expect(notice).toMatchObject({ channel: 'sms', recipient: '+998901110022' });
    expect(notice?.text).toContain('1');

    const thread = await server.call('GET', `${COMPLAINTS}${filed.id}/`, { token: access });
    expect(thread.json.status).toBe('answered');
    expect(thread.json.messages.map((m: { author: string; text: string }) => [m.author, m.text])).toEqual([
      ['person', 'Three times, nothing.'],
      ['operator', 'We sent the code again.'],
    ]);

    const closed = await server.post(`${OPERATOR}1/close/`, undefined, asOperator);
    expect([closed.status, closed.json.status]).toEqual([200, 'closed']);
    const again = await server.post(`${OPERATOR}1/answer/`, { text: 'More' }, asOperator);
    expect([again.status, again.json]).toEqual([409, { errors: [{ error: 'complaint_closed' }] }]);
    expect((await server.post(`${OPERATOR}1/close/`, undefined, asOperator)).status).toBe(409);
  });

  it("takes a new complaint in hand: in_progress in the person's table, once, never a closed one", async () => {
    const { access } = await server.registerByPhone('+998901110022');
    await fileAs(server, access);
    const taken = await server.post(`${OPERATOR}1/take/`, undefined, asOperator);
    expect([taken.status, taken.json.status]).toEqual([200, 'in_progress']);
    const mine = await server.call('GET', COMPLAINTS, { token: access });
    expect(mine.json.results.map((c: { status: string }) => c.status)).toEqual(['in_progress']);
    const again = await server.post(`${OPERATOR}1/take/`, undefined, asOperator);
    expect([again.status, again.json]).toEqual([409, { errors: [{ error: 'complaint_not_new' }] }]);
    await server.post(`${OPERATOR}1/close/`, undefined, asOperator);
    const closed = await server.post(`${OPERATOR}1/take/`, undefined, asOperator);
    expect([closed.status, closed.json]).toEqual([409, { errors: [{ error: 'complaint_closed' }] }]);
    expect((await server.post(`${OPERATOR}9/take/`, undefined, asOperator)).status).toBe(404);
  });

  it('refuses an empty answer, an unknown number and an unknown status with their keys', async () => {
    const { access } = await server.registerByPhone('+998901110022');
    await fileAs(server, access);
    const empty = await server.post(`${OPERATOR}1/answer/`, { text: '   ' }, asOperator);
    expect([empty.status, empty.json]).toEqual([400, { errors: [{ error: 'field_required', field: 'text' }] }]);
    const long = await server.post(`${OPERATOR}1/answer/`, { text: 'x'.repeat(5001) }, asOperator);
    expect(long.json).toEqual({ errors: [{ error: 'field_too_long', field: 'text' }] });
    for (const path of [`${OPERATOR}2/`, `${OPERATOR}abc/`]) {
      const missing = await server.call('GET', path, asOperator);
      expect([missing.status, missing.json]).toEqual([404, { errors: [{ error: 'not_found' }] }]);
    }
    expect((await server.post(`${OPERATOR}9/close/`, undefined, asOperator)).status).toBe(404);
    const status = await server.call('GET', `${OPERATOR}?status=waiting`, asOperator);
    expect([status.status, status.json]).toEqual([400, { errors: [{ error: 'invalid_value', field: 'status' }] }]);
  });

  it('e-mails the answer itself to a signed-out person who proved an e-mail', async () => {
    const requestId = await server.verify({ email: 'aziza@example.uz' }, 'complaint');
    const body = new FormData();
    for (const [name, value] of [
      ['category', 'privacy'],
      ['subject', 'My data'],
      ['text', 'What do you keep?'],
      ['request_id', requestId],
    ])
      body.append(name as string, value as string);
    const filed = await server.app.request(COMPLAINTS, {
      method: 'POST',
      body,
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(filed.status).toBe(201);
    const one = await server.call('GET', `${OPERATOR}1/`, asOperator);
    expect(one.json).toMatchObject({ has_account: false, category: 'privacy' });
    await server.post(`${OPERATOR}1/answer/`, { text: 'Your phone and name; see the privacy policy.' }, asOperator);
    const [notice] = await server.storage.outbox.list(1);
    expect(notice).toMatchObject({ channel: 'email', recipient: 'aziza@example.uz' });
    expect(notice?.text).toContain('Your phone and name; see the privacy policy.');
  });
});

describe('the operator API without ADMIN_TOKEN', () => {
  const server = useTestServer();

  it('does not exist: 404 whatever token is sent', async () => {
    for (const headers of <Record<string, string>[]>[{}, { authorization: `Bearer ${ADMIN_TOKEN}` }]) {
      const answer = await server.call('GET', OPERATOR, { headers });
      expect([answer.status, answer.json]).toEqual([404, { errors: [{ error: 'not_found' }] }]);
    }
  });
});
