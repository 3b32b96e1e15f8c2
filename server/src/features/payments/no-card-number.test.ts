/**
 * Kirish never stores, logs or answers a full card number (issue 40, docs/api.md, Payments): after adding,
 * refusing, paying and listing, neither the database (its file on SQLite, every row of every table on
 * both), nor the log, nor any answer or webhook holds one, nor a card's expiry as typed beside it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAY, TEST_CARDS, usePaymentTests } from '../../test-support/payments.js';

const { server, sandbox, payer, registerShop, bill, webhooksArrived } = usePaymentTests();

describe('full card numbers', () => {
  it('are nowhere in the database, the log, the answers or the webhooks', async () => {
    const answers: string[] = [];
    const call = async (method: string, path: string, options: Parameters<typeof server.call>[2] = {}) => {
      const answer = await server.call(method, path, options);
      answers.push(JSON.stringify([...answer.headers]), answer.text);
      return answer;
    };
    await registerShop();
    const token = await payer();
    const own = await sandbox.issueCard('+998901234567');
    const numbers = [...Object.values(TEST_CARDS).map((card) => card.number), own.number, '8600495473316479'];
    for (const card of [...Object.values(TEST_CARDS), own, { number: '8600495473316479', expire: '03/99' }])
      await call('POST', `${PAY}/cards`, { token, body: card });
    const pending = (await server.storage.cards.list('nobody')).length; // no card of another account
    expect(pending).toBe(0);
    const rows = await server.db.selectFrom('payment_cards').select(['id']).execute();
    for (const { id } of rows) await call('POST', `${PAY}/cards/verify`, { token, body: { id, code: '666666' } });
    const cards = (await call('GET', `${PAY}/cards`, { token })).json.results as {
      id: string;
      masked_number: string;
    }[];
    expect(cards.length).toBeGreaterThanOrEqual(3);
    const { id } = (await bill()).json;
    const paid = await call('POST', `${PAY}/receipts/${id}/pay`, {
      token,
      body: { card_id: cards.find((card) => card.masked_number === '860049******6478')?.id },
      headers: { 'idempotency-key': 'k' },
    });
    expect(paid.json.status).toBe('paid');
    await call('GET', `${PAY}/receipts/`, { token });
    await call('GET', `${PAY}/receipts/${id}/`, { token });
    const webhooks = await webhooksArrived(1);

    const tables = await server.db.introspection.getTables();
    const everyRow: unknown[] = [];
    for (const table of tables)
      everyRow.push(
        await server.db
          .selectFrom(table.name as 'users')
          .selectAll()
          .execute(),
      );
    const files = [server.dbPath, `${server.dbPath}-wal`]
      .filter(existsSync)
      .map((file) => readFileSync(file).toString('latin1'));
    const haystacks = {
      database: JSON.stringify(everyRow, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value)),
      databaseFile: files.join('\n'),
      log: JSON.stringify(server.loggedErrors, (_key, value: unknown) =>
        value instanceof Error ? value.stack : value,
      ),
      answers: answers.join('\n'),
      webhooks: webhooks.map((hook) => hook.body).join('\n'),
    };
    expect(haystacks.database).toContain('860049******6478');
    for (const [where, text] of Object.entries(haystacks))
      expect([where, numbers.filter((number) => text.includes(number))]).toEqual([where, []]);
  });
});
