import { describe, expect, it } from 'vitest';
import { fakeHttp } from '../../../lib/testing/fake-http';
import { complaintsApi, type ComplaintPage, type ComplaintsApi } from '../api/complaints-api';
import { createComplaintsListModel, listQuery, pageAddress } from './complaints-list-model';

const COMMON = '/common/api/v1';
const LIST = `${COMMON}/help/complaints/`;
const summary = (number: number) => ({
  id: `c${number}`,
  number,
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: '2026-11-27T10:00:00.000Z',
  category: 'codes' as const,
  subject: 'No code',
  status: 'new' as const,
});

describe('My complaints, a page at a time', () => {
  it('reads the page and its size from the address, anything out of range being the default', () => {
    expect(listQuery('')).toEqual({ page: 1, pageSize: 20 });
    expect(listQuery('?page=3&page_size=5')).toEqual({ page: 3, pageSize: 5 });
    expect(listQuery('page=0&page_size=51')).toEqual({ page: 1, pageSize: 20 });
    expect(listQuery('page=-2&page_size=abc')).toEqual({ page: 1, pageSize: 20 });
    expect(listQuery('page=2.5&page_size=50')).toEqual({ page: 1, pageSize: 50 });
  });

  it('writes a page’s address, leaving the defaults out', () => {
    expect(pageAddress(1, 20)).toBe('/help-center/my-complaints');
    expect(pageAddress(2, 20)).toBe('/help-center/my-complaints?page=2');
    expect(pageAddress(3, 5)).toBe('/help-center/my-complaints?page=3&page_size=5');
  });

  it('asks the server for the page and counts the pages from the whole count', async () => {
    const server = fakeHttp();
    const model = createComplaintsListModel({ api: complaintsApi(server.http, COMMON) });
    server.answer('get', LIST, { count: 11, results: [summary(11), summary(10)] });
    await model.load(1, 5);
    expect(server.calls[0]?.params).toEqual({ page: '1', page_size: '5' });
    expect([model.state.value, model.pages.value]).toEqual(['ready', 3]);
    expect(model.data.value.results.map((c) => c.number)).toEqual([11, 10]);
  });

  it('shows only the latest page asked for, and says when loading failed', async () => {
    const server = fakeHttp();
    const model = createComplaintsListModel({ api: complaintsApi(server.http, COMMON) });
    server.fail('get', LIST, { status: 500, data: {} });
    await model.load(1, 20);
    expect(model.state.value).toBe('failed');
    // Two pages asked for quickly, the first answered last: the second stays on screen.
    const answers: ((page: ComplaintPage) => void)[] = [];
    const slow = createComplaintsListModel({
      api: { list: () => new Promise<ComplaintPage>((resolve) => answers.push(resolve)) } as unknown as ComplaintsApi,
    });
    const first = slow.load(1, 20);
    const second = slow.load(2, 1);
    answers[1]?.({ count: 2, results: [summary(2)] });
    await second;
    answers[0]?.({ count: 1, results: [summary(1)] });
    await first;
    expect([slow.state.value, slow.data.value.results[0]?.number, slow.pages.value]).toEqual(['ready', 2, 2]);
  });
});
