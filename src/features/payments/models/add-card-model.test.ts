import { describe, expect, it } from 'vitest';
import type { SavedCard } from '../../../../server/src/contract/payments.js';
import { failure, fakeHttp, fakeShowError } from '../../../lib/testing/fake-http';
import { paymentsApi } from '../api/payments-api';
import { createAddCardModel } from './add-card-model';

const API = '/payment/api';
const NOW = Date.parse('2026-11-27T12:00:00Z');
const saved: SavedCard = {
  id: 'c1',
  brand: 'uzcard',
  masked_number: '860049******6478',
  expire: '03/99',
  is_default: true,
  created_at: '2026-11-27T12:00:00.000Z',
};

function setup() {
  const server = fakeHttp();
  const { showError, toasts } = fakeShowError();
  const added: SavedCard[] = [];
  const announced: string[] = [];
  const model = createAddCardModel({
    api: paymentsApi(server.http, API),
    http: server.http,
    showError,
    now: () => NOW,
    announce: (key, to) => void announced.push(`${key} ${to}`),
    onAdded: (card) => void added.push(card),
  });
  return { server, toasts, model, added, announced };
}

describe('adding a card', () => {
  it('sends the number and expiry, then saves the card with the code sent to its phone', async () => {
    const { server, model, added, announced } = setup();
    model.setNumber('8600495473316478');
    model.setExpire('0399');
    expect(model.number.value).toBe('8600 4954 7331 6478');
    expect(model.expire.value).toBe('03/99');
    server.answer('post', `${API}/cards`, { id: 'c1', phone: '+998 90 *** ** 67', resend_in: 60 });
    expect(await model.send()).toBe(true);
    expect(server.calls[0]?.body).toEqual({ number: '8600495473316478', expire: '03/99' });
    expect(model.step.value).toBe('code');
    expect(model.phone.value).toBe('+998 90 *** ** 67');
    expect(announced).toEqual(['code_send_to_phone +998 90 *** ** 67']);
    expect(model.codes.resendAt.value).toBe(NOW + 60_000);

    model.codes.code.set('666666');
    server.answer('post', `${API}/cards/verify`, saved);
    expect(await model.verify()).toEqual(saved);
    expect(server.calls[1]?.body).toEqual({ id: 'c1', code: '666666' });
    expect(added).toEqual([saved]);
  });

  it('refuses a number that is not a card and an expiry in the past before asking the server', async () => {
    const { server, model } = setup();
    model.setNumber('8600495473316479');
    model.setExpire('10/26');
    expect(await model.send()).toBe(false);
    expect(model.number.error.value).toBe('wrong_number');
    expect(model.expire.error.value).toBe('wrong_expire');
    expect(server.calls).toEqual([]);
  });

  it('says a card of another phone beside the number, and a wrong code beside the code', async () => {
    const { server, model, toasts } = setup();
    model.setNumber('8600 1234 5678 9012');
    model.setExpire('03/99');
    server.fail('post', `${API}/cards`, failure(400, 'you_phone_and_card_phone_not_equal'));
    expect(await model.send()).toBe(false);
    expect(model.number.error.value).toBe('you_phone_and_card_phone_not_equal');
    expect(model.step.value).toBe('card');

    model.setNumber('8600495473316478');
    server.answer('post', `${API}/cards`, { id: 'c1', phone: '+998 90 *** ** 67', resend_in: 60 });
    await model.send();
    model.codes.code.set('111111');
    server.fail('post', `${API}/cards/verify`, failure(400, 'wrong_code'));
    expect(await model.verify()).toBeUndefined();
    // docs/product.md §8: wrong_code reads as code_not_valid.
    expect(model.codes.code.error.value).toBe('code_not_valid');
    expect(toasts).toEqual([]);
  });
});
