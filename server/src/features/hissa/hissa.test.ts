/**
 * Hissa over HTTP (docs/api.md, Hissa) against the payment sandbox: the projects near the account's
 * default address or the place chosen, one project with its updates, a contribution with the sandbox
 * card (raised grows, its receipt is among /pay's, a retry with the same key charges once), each
 * field's error key, and the account's contributions that no other account sees.
 */
import { describe, expect, it } from 'vitest';
import { PAY, usePaymentTests } from '../../test-support/payments.js';

const HISSA = '/hissa/api/v1';
const DAY = 86_400_000;
const { server, sandbox, payer, saveCard } = usePaymentTests();
const errors = (json: unknown) => (json as { errors: unknown[] }).errors;

async function project(id: string, overrides: Record<string, unknown> = {}) {
  await server.storage.hissaProjects.insert({
    id,
    title: `Project ${id}`,
    text: 'A new roof for the school.',
    region: 'tashkent-city',
    district: 'chilanzar',
    goal: 5_000_000_000,
    raisedOffline: 100_000_000,
    contributorsOffline: 3,
    deadline: server.clock.now() + 30 * DAY,
    coverPath: null,
    status: 'open',
    createdAt: server.clock.now(),
    ...overrides,
  });
}

const contribute = (id: string, body: Record<string, unknown>, token: string, key = 'hissa-1') =>
  server.post(`${HISSA}/projects/${id}/contribute`, body, { token, headers: { 'idempotency-key': key } });

describe('Hissa', () => {
  it('lists the projects of the place chosen, the district first, and checks the place', async () => {
    const token = await payer();
    await project('h1', { district: 'bektemir' });
    await project('h2');
    await project('h3', { region: 'andijan', district: 'andijan-city' });
    const near = await server.call('GET', `${HISSA}/projects/?region=tashkent-city&district=chilanzar`, { token });
    expect(near.status).toBe(200);
    expect(near.json).toMatchObject({ region: 'tashkent-city', district: 'chilanzar', count: 1 });
    expect((near.json.results as { id: string }[]).map((entry) => entry.id)).toEqual(['h2']);
    const region = await server.call('GET', `${HISSA}/projects/?region=tashkent-city&page_size=1`, { token });
    expect(region.json).toMatchObject({ count: 2, previous: null, next: expect.stringContaining('page=2') });
    const noPlace = await server.call('GET', `${HISSA}/projects/`, { token });
    expect(noPlace.json).toEqual({ region: null, district: null, count: 0, next: null, previous: null, results: [] });
    const badRegion = await server.call('GET', `${HISSA}/projects/?region=atlantis`, { token });
    expect([badRegion.status, errors(badRegion.json)]).toEqual([
      400,
      [{ error: 'hissa_region_unknown', field: 'region' }],
    ]);
    const badDistrict = await server.call('GET', `${HISSA}/projects/?region=andijan&district=chilanzar`, { token });
    expect(errors(badDistrict.json)).toEqual([{ error: 'hissa_district_unknown', field: 'district' }]);
    expect((await server.call('GET', `${HISSA}/projects/`)).status).toBe(401);
  });

  it('lists the projects near the default address', async () => {
    const { access, user_uuid: userId } = await server.registerByPhone('+998901112200');
    await project('h1', { district: 'bektemir' });
    await project('h2');
    const at = server.clock.now();
    await server.storage.addresses.insert({
      id: 'a1',
      userId,
      label: null,
      region: 'tashkent-city',
      district: 'chilanzar',
      street: 'Bunyodkor',
      house: '1',
      apartment: null,
      postalCode: null,
      isDefault: true,
      createdAt: at,
      updatedAt: at,
    });
    const near = await server.call('GET', `${HISSA}/projects/`, { token: access });
    expect(near.json).toMatchObject({ region: 'tashkent-city', district: 'chilanzar', count: 2 });
    expect((near.json.results as { id: string }[]).map((entry) => entry.id)).toEqual(['h2', 'h1']);
  });

  it('shows a project with its updates, and 404 for none', async () => {
    const token = await payer();
    await project('h1');
    await server.storage.hissaUpdates.insert({ id: 'n1', projectId: 'h1', text: 'Bricks bought.', createdAt: 1 });
    const one = await server.call('GET', `${HISSA}/projects/h1/`, { token });
    expect(one.json).toMatchObject({
      id: 'h1',
      raised: 100_000_000,
      contributors: 3,
      accepting: true,
      updates: [{ id: 'n1', text: 'Bricks bought.' }],
    });
    const none = await server.call('GET', `${HISSA}/projects/nope/`, { token });
    expect([none.status, errors(none.json)]).toEqual([404, [{ error: 'hissa_project_not_found' }]]);
  });

  it('contributes with the sandbox card once however often it is sent, and the receipt is /pay’s too', async () => {
    const token = await payer();
    const card = await saveCard(token);
    await project('h1');
    const before = (await sandbox.charges()).length;
    const first = await contribute('h1', { amount: 5_000_000, card_id: card }, token);
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({
      contribution: { project: { id: 'h1', title: 'Project h1' }, amount: 5_000_000, status: 'paid' },
      project: { raised: 105_000_000, contributors: 4 },
    });
    const receipt = (first.json.contribution as { receipt: string }).receipt;
    const again = await contribute('h1', { amount: 5_000_000, card_id: card }, token);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ contribution: { receipt, status: 'paid' }, project: { raised: 105_000_000 } });
    expect((await sandbox.charges()).length).toBe(before + 1);
    const reused = await contribute('h1', { amount: 1_000_000, card_id: card }, token);
    expect([reused.status, errors(reused.json)]).toEqual([409, [{ error: 'hissa_key_reused' }]]);
    const paid = await server.call('GET', `${PAY}/receipts/${receipt}/`, { token });
    expect(paid.json).toMatchObject({ merchant: { name: 'Hissa' }, amount: 5_000_000, status: 'paid' });
    const receipts = await server.call('GET', `${PAY}/receipts/`, { token });
    expect((receipts.json.results as { id: string }[]).map((entry) => entry.id)).toContain(receipt);

    const mine = await server.call('GET', `${HISSA}/contributions/`, { token });
    expect(mine.json).toMatchObject({ count: 1, results: [{ receipt, amount: 5_000_000, status: 'paid' }] });
    const other = await server.registerByPhone('+998901112201');
    const theirs = await server.call('GET', `${HISSA}/contributions/`, { token: other.access });
    expect(theirs.json).toEqual({ count: 0, next: null, previous: null, results: [] });
    const foreignCard = await contribute('h1', { amount: 5_000_000, card_id: card }, other.access, 'k2');
    expect(errors(foreignCard.json)).toEqual([{ error: 'card_not_found', field: 'card_id' }]);
  });

  it('refuses a bad amount, a missing key, a closed project and an unknown one with their keys', async () => {
    const token = await payer();
    const card = await saveCard(token);
    await project('h1');
    await project('old', { deadline: server.clock.now() - DAY });
    const before = (await sandbox.charges()).length;
    for (const amount of [99_999, 1.5, '5000', 10_000_000_001]) {
      const bad = await contribute('h1', { amount, card_id: card }, token);
      expect([bad.status, errors(bad.json)]).toEqual([400, [{ error: 'hissa_amount_invalid', field: 'amount' }]]);
    }
    const noKey = await server.post(`${HISSA}/projects/h1/contribute`, { amount: 1_000_000, card_id: card }, { token });
    expect(errors(noKey.json)).toEqual([{ error: 'idempotency_key_required' }]);
    const closed = await contribute('old', { amount: 1_000_000, card_id: card }, token);
    expect([closed.status, errors(closed.json)]).toEqual([409, [{ error: 'hissa_project_closed' }]]);
    const none = await contribute('nope', { amount: 1_000_000, card_id: card }, token);
    expect(none.status).toBe(404);
    expect((await sandbox.charges()).length).toBe(before);
    const page = await server.call('GET', `${HISSA}/contributions/?page_size=0`, { token });
    expect(errors(page.json)).toEqual([{ error: 'invalid_value', field: 'page_size' }]);
  });
});
