import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReceiptView, SavedCard } from '../../../../server/src/contract/payments.js';
import { failure, fakeHttp, fakeShowError } from '../../../lib/testing/fake-http';
import { paymentsApi } from '../api/payments-api';
import { createBillModel, payable, safeReturnUrl } from './bill-model';
import { CARD_LOADING_LINGER_MS, createCardsModel } from './cards-model';
import { createReceiptsModel, pageOf } from './receipts-model';

const API = '/payment/api';
const card = (id: string, isDefault = false): SavedCard => ({
  id,
  brand: 'uzcard',
  masked_number: '860049******6478',
  expire: '03/99',
  is_default: isDefault,
  created_at: '2026-11-27T10:00:00.000Z',
});
const bill = (status: ReceiptView['status'] = 'pending'): ReceiptView => ({
  id: 'r1',
  merchant: { name: 'Bozor', logo: null },
  description: 'Order 42',
  amount: 1250000,
  currency: 'UZS',
  status,
  card: status === 'paid' ? { brand: 'uzcard', masked_number: '860049******6478' } : null,
  created_at: '2026-11-27T10:00:00.000Z',
  paid_at: status === 'paid' ? '2026-11-27T10:01:00.000Z' : null,
  return_url: 'http://127.0.0.1:8081/?order=42',
});

function setup() {
  const server = fakeHttp();
  const { showError, toasts } = fakeShowError();
  return { server, toasts, showError, api: paymentsApi(server.http, API) };
}

afterEach(() => vi.useRealTimers());

describe('the saved cards', () => {
  it('are fetched once and cached; a delete resets cardsFetched and fetches them again', async () => {
    const { server, api, showError } = setup();
    const model = createCardsModel({ api, showError });
    server.answer('get', `${API}/cards`, { results: [card('c1', true), card('c2')] });
    await model.load();
    await model.load();
    expect(model.cards.value.map((c) => c.id)).toEqual(['c1', 'c2']);
    expect(model.cardsFetched.value).toBe(true);
    expect(server.calls.filter((call) => call.method === 'get')).toHaveLength(1);

    server.answer('delete', `${API}/cards?id=c2`, null);
    server.answer('get', `${API}/cards`, { results: [card('c1', true)] });
    expect(await model.remove('c2')).toBe(true);
    expect(model.cards.value.map((c) => c.id)).toEqual(['c1']);
    expect(server.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `get ${API}/cards`,
      `delete ${API}/cards?id=c2`,
      `get ${API}/cards`,
    ]);
    expect(server.unexpected).toEqual([]);
  });

  it('keeps the loading indicator until 300 ms after the fetch', async () => {
    vi.useFakeTimers();
    const { server, api, showError } = setup();
    const model = createCardsModel({ api, showError });
    server.answer('get', `${API}/cards`, { results: [] });
    await model.load();
    expect(model.loading.value).toBe(true);
    vi.advanceTimersByTime(CARD_LOADING_LINGER_MS - 1);
    expect(model.loading.value).toBe(true);
    vi.advanceTimersByTime(1);
    expect(model.loading.value).toBe(false);
  });

  it('chooses the default card, and says a failed delete while keeping the list', async () => {
    const { server, api, showError, toasts } = setup();
    const model = createCardsModel({ api, showError });
    server.answer('get', `${API}/cards`, { results: [card('c1', true), card('c2')] });
    await model.load();
    server.answer('post', `${API}/cards/default`, null);
    expect(await model.makeDefault('c2')).toBe(true);
    expect(server.calls.at(-1)?.body).toEqual({ id: 'c2' });
    expect(model.cards.value.map((c) => c.is_default)).toEqual([false, true]);
    expect(model.preferred()?.id).toBe('c2');

    server.fail('delete', `${API}/cards?id=c1`, failure(502, 'server_error'));
    expect(await model.remove('c1')).toBe(false);
    expect(model.cardsFetched.value).toBe(true);
    expect(model.cards.value).toHaveLength(2);
    expect(toasts).toEqual(['server_error']);
  });
});

describe('the receipts', () => {
  it('loads the page the address names', async () => {
    const { server, api, showError } = setup();
    const model = createReceiptsModel({ api, showError });
    const { page, pageSize } = pageOf('?page=2&page_size=5');
    server.answer('get', `${API}/receipts/`, { count: 6, next: null, previous: 'p1', results: [bill('paid')] });
    await model.load(page, pageSize);
    expect(server.calls[0]?.params).toEqual({ page: '2', page_size: '5' });
    expect(model.state.value).toBe('ready');
    expect(model.page.value.results[0]?.id).toBe('r1');
  });

  it('reads a wrong page or size in the address as the defaults', () => {
    expect(pageOf('')).toEqual({ page: 1, pageSize: 10 });
    expect(pageOf('?page=0&page_size=1000')).toEqual({ page: 1, pageSize: 10 });
    expect(pageOf('?page=x&page_size=2.5')).toEqual({ page: 1, pageSize: 10 });
  });
});

describe('paying a bill', () => {
  it('sends one Idempotency-Key for the view and the same again on a retry after a lost answer', async () => {
    const { server, api, showError, toasts } = setup();
    let made = 0;
    const model = createBillModel({ api, showError, newKey: () => `key-${++made}` });
    server.answer('get', `${API}/receipts/r1/`, bill());
    await model.load('r1');
    server.fail('post', `${API}/receipts/r1/pay`, failure(502, 'payment_processor_unavailable'));
    server.answer('post', `${API}/receipts/r1/pay`, bill('paid'));
    expect(await model.pay('c1')).toBe(false);
    expect(toasts).toEqual(['server_error']);
    expect(await model.pay('c1')).toBe(true);
    const pays = server.calls.filter((call) => call.method === 'post');
    expect(pays.map((call) => call.headers)).toEqual([{ 'Idempotency-Key': 'key-1' }, { 'Idempotency-Key': 'key-1' }]);
    expect(pays[0]?.body).toEqual({ card_id: 'c1' });
    expect(model.receipt.value?.status).toBe('paid');
  });

  it('shows a refused card beside the choice and pays with another card under a new key', async () => {
    const { server, api, showError } = setup();
    let made = 0;
    const model = createBillModel({ api, showError, newKey: () => `key-${++made}` });
    server.answer('get', `${API}/receipts/r1/`, bill());
    await model.load('r1');
    server.fail('post', `${API}/receipts/r1/pay`, failure(400, 'card_insufficient_funds'));
    server.answer('post', `${API}/receipts/r1/pay`, bill('paid'));
    expect(await model.pay('c1')).toBe(false);
    expect(model.error.value).toBe('card_insufficient_funds');
    expect(await model.pay('c2')).toBe(true);
    const keys = server.calls.filter((call) => call.method === 'post').map((call) => call.headers?.['Idempotency-Key']);
    expect(keys).toEqual(['key-1', 'key-2']);
  });

  it('takes a refused bill as still payable, and only a pending or refused one', () => {
    expect(payable(bill('pending'))).toBe(true);
    expect(payable(bill('failed'))).toBe(true);
    expect(payable(bill('paid'))).toBe(false);
    expect(payable(bill('cancelled'))).toBe(false);
  });

  it('makes a new key after any 402 refusal from the processor', async () => {
    const { server, api, showError } = setup();
    let made = 0;
    const model = createBillModel({ api, showError, newKey: () => `key-${++made}` });
    server.answer('get', `${API}/receipts/r1/`, bill());
    await model.load('r1');
    server.fail('post', `${API}/receipts/r1/pay`, failure(402, 'card_blocked'));
    server.answer('post', `${API}/receipts/r1/pay`, bill('paid'));
    await model.pay('c1');
    expect(model.error.value).toBe('card_blocked');
    await model.pay('c2');
    const keys = server.calls.filter((call) => call.method === 'post').map((call) => call.headers?.['Idempotency-Key']);
    expect(keys).toEqual(['key-1', 'key-2']);
  });

  it('follows only an http(s) return address', () => {
    expect(safeReturnUrl('http://127.0.0.1:8081/?order=42')).toBe('http://127.0.0.1:8081/?order=42');
    expect(safeReturnUrl('https://shop.uz/back')).toBe('https://shop.uz/back');
    expect(safeReturnUrl('javascript:alert(1)')).toBeNull();
    expect(safeReturnUrl('data:text/html,hi')).toBeNull();
    expect(safeReturnUrl('/relative')).toBeNull();
    expect(safeReturnUrl(null)).toBeNull();
  });
});
