/**
 * The saved cards (docs/api.md, Payments, Cards) against the payment sandbox over HTTP: adding a card with
 * its code, the default, removing it at the processor and here, and every refusal as its key.
 */
import { describe, expect, it } from 'vitest';
import { PAY, SANDBOX_CODE, TEST_CARDS, usePaymentTests } from '../../test-support/payments.js';

const { server, sandbox, payer, saveCard } = usePaymentTests();
const errors = (json: unknown) => (json as { errors: unknown[] }).errors;

describe('saved cards', () => {
  it('adds a card after its code, lists it as the default, and keeps only the masked number', async () => {
    const token = await payer();
    expect((await server.call('GET', `${PAY}/cards`, { token })).json).toEqual({ results: [] });
    const added = await server.post(`${PAY}/cards`, { number: '8600 4954 7331 6478', expire: '03/99' }, { token });
    expect(added.status).toBe(201);
    expect(added.json).toEqual({ id: expect.any(String), phone: '+998 90 *** ** 67', resend_in: 60 });
    // Not listed until its code is entered; a wrong code is the sign-in codes' key.
    expect((await server.call('GET', `${PAY}/cards`, { token })).json).toEqual({ results: [] });
    const wrong = await server.post(`${PAY}/cards/verify`, { id: added.json.id, code: '123456' }, { token });
    expect([wrong.status, errors(wrong.json)]).toEqual([400, [{ error: 'code_not_valid', field: 'code' }]]);
    const short = await server.post(`${PAY}/cards/verify`, { id: added.json.id, code: '12' }, { token });
    expect(errors(short.json)).toEqual([{ error: 'invalid_code', field: 'code' }]);
    const verified = await server.post(`${PAY}/cards/verify`, { id: added.json.id, code: SANDBOX_CODE }, { token });
    expect(verified.status).toBe(200);
    const card = {
      id: added.json.id,
      brand: 'uzcard',
      masked_number: '860049******6478',
      expire: '03/99',
      is_default: true,
      created_at: new Date(server.clock.now()).toISOString(),
    };
    expect(verified.json).toEqual(card);
    expect((await server.call('GET', `${PAY}/cards`, { token })).json).toEqual({ results: [card] });
  });

  it('moves the default on request, and removes a card at the processor and here', async () => {
    const token = await payer();
    const first = await saveCard(token, TEST_CARDS.uzcard);
    server.clock.advanceSeconds(1);
    const second = await saveCard(token, TEST_CARDS.humo);
    const chosen = await server.post(`${PAY}/cards/default`, { id: second }, { token });
    expect(chosen.status).toBe(200);
    expect(chosen.json.results.map((card: { id: string; is_default: boolean }) => [card.id, card.is_default])).toEqual([
      [first, false],
      [second, true],
    ]);
    expect(chosen.json.results[1]).toMatchObject({ brand: 'humo', masked_number: '986006******6313' });
    const removed = await server.call('DELETE', `${PAY}/cards?id=${second}`, { token });
    expect(removed.status).toBe(204);
    const left = (await server.call('GET', `${PAY}/cards`, { token })).json.results;
    expect(left).toEqual([expect.objectContaining({ id: first, is_default: true })]);
    const again = await server.call('DELETE', `${PAY}/cards?id=${second}`, { token });
    expect([again.status, errors(again.json)]).toEqual([404, [{ error: 'card_not_found' }]]);
    const unknown = await server.post(`${PAY}/cards/default`, { id: 'nope' }, { token });
    expect([unknown.status, errors(unknown.json)]).toEqual([404, [{ error: 'card_not_found' }]]);
  });

  it('refuses a card registered to another phone, and keeps nothing of it', async () => {
    const token = await payer();
    const refused = await server.post(`${PAY}/cards`, TEST_CARDS.otherPhone, { token });
    expect([refused.status, errors(refused.json)]).toEqual([
      400,
      [{ error: 'you_phone_and_card_phone_not_equal', field: 'number' }],
    ]);
    expect(await server.db.selectFrom('payment_cards').selectAll().execute()).toEqual([]);
    // The newcomer's own card, issued by the sandbox to their number, is theirs.
    const own = await sandbox.issueCard('+998935550011');
    const newcomer = await payer('+998935550011');
    expect((await server.post(`${PAY}/cards`, own, { token: newcomer })).status).toBe(201);
  });

  it('refuses a wrong number, a wrong or past expiry and a blocked card with their keys', async () => {
    const token = await payer();
    const cases: [Record<string, string>, unknown][] = [
      [
        { number: '8600495473316479', expire: '03/99' },
        { error: 'wrong_number', field: 'number' },
      ],
      [
        { number: '1234567812345670', expire: '03/99' },
        { error: 'wrong_number', field: 'number' },
      ],
      [
        { number: '86004954733164', expire: '03/99' },
        { error: 'wrong_number', field: 'number' },
      ],
      [
        { number: TEST_CARDS.uzcard.number, expire: '3/99' },
        { error: 'wrong_expire', field: 'expire' },
      ],
      [
        { number: TEST_CARDS.uzcard.number, expire: '13/99' },
        { error: 'wrong_expire', field: 'expire' },
      ],
      [TEST_CARDS.expired, { error: 'wrong_expire', field: 'expire' }],
      [
        { number: TEST_CARDS.uzcard.number, expire: '04/99' },
        { error: 'wrong_expire', field: 'expire' },
      ],
      [TEST_CARDS.blocked, { error: 'card_blocked' }],
    ];
    for (const [body, error] of cases) {
      const answer = await server.post(`${PAY}/cards`, body, { token });
      expect([body, answer.status, errors(answer.json)]).toEqual([body, 400, [error]]);
    }
  });

  it('keeps at most ten cards', async () => {
    const token = await payer('+998935550022');
    for (let i = 0; i < 10; i++) await saveCard(token, await sandbox.issueCard('+998935550022'));
    const eleventh = await server.post(`${PAY}/cards`, await sandbox.issueCard('+998935550022'), { token });
    expect([eleventh.status, errors(eleventh.json)]).toEqual([409, [{ error: 'cards_limit_reached' }]]);
    expect((await server.call('GET', `${PAY}/cards`, { token })).json.results).toHaveLength(10);
  });

  it('asks for a signed-in account, and a card that is not the account’s is not found', async () => {
    expect((await server.call('GET', `${PAY}/cards`)).status).toBe(401);
    const owner = await payer();
    const id = await saveCard(owner);
    const other = await payer('+998935550033');
    const answer = await server.call('DELETE', `${PAY}/cards?id=${id}`, { token: other });
    expect([answer.status, errors(answer.json)]).toEqual([404, [{ error: 'card_not_found' }]]);
    const verify = await server.post(`${PAY}/cards/verify`, { id, code: SANDBOX_CODE }, { token: other });
    expect(verify.status).toBe(404);
  });
});
