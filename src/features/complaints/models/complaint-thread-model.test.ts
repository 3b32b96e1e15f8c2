import { describe, expect, it } from 'vitest';
import { failure, fakeHttp, fakeShowError } from '../../../lib/testing/fake-http';
import { complaintsApi } from '../api/complaints-api';
import { createComplaintThreadModel } from './complaint-thread-model';

const COMMON = '/common/api/v1';
const THREAD = `${COMMON}/help/complaints/c1/`;
const thread = {
  id: 'c1',
  number: 1,
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: '2026-11-27T11:00:00.000Z',
  category: 'codes' as const,
  subject: 'No code',
  status: 'answered' as const,
  messages: [
    { author: 'person' as const, text: 'Nothing came.', created_at: '2026-11-27T10:00:00.000Z' },
    { author: 'operator' as const, text: 'Sent again.', created_at: '2026-11-27T11:00:00.000Z' },
  ],
  attachments: [{ id: 'a1', name: 'screen.png', media_type: 'image/png', size: 2048 }],
};

function setup() {
  const server = fakeHttp();
  const { showError, toasts } = fakeShowError();
  const saved: [Blob, string][] = [];
  const model = createComplaintThreadModel({
    api: complaintsApi(server.http, COMMON),
    showError,
    save: (blob, name) => void saved.push([blob, name]),
  });
  return { server, model, saved, toasts };
}

describe('one complaint’s thread', () => {
  it('loads the thread and downloads an attachment as a file under its name, fetched as bytes', async () => {
    const { server, model, saved } = setup();
    server.answer('get', THREAD, thread);
    await model.load('c1');
    expect([model.state.value, model.thread.value?.messages[1]?.text]).toEqual(['ready', 'Sent again.']);
    const bytes = new Blob(['png']);
    server.answer('get', `${THREAD}attachments/a1`, bytes);
    await model.download('a1');
    expect(saved).toEqual([[bytes, 'screen.png']]);
    expect(model.fetching.value).toBeNull();
  });

  it('tells a complaint that is not the account’s (404) from a failure to load', async () => {
    const { server, model } = setup();
    server.fail('get', THREAD, failure(404, 'not_found'));
    await model.load('c1');
    expect(model.state.value).toBe('missing');
    server.fail('get', THREAD, { status: 502, data: {} });
    await model.load('c1');
    expect(model.state.value).toBe('failed');
  });
});
