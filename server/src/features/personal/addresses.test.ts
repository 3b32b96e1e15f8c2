import { describe, expect, it } from 'vitest';
import { ADDRESSES_MAX_PER_USER } from '../../config/policy.js';
import { useTestServer, V1 } from '../../test-support/test-server.js';

const ADDRESSES = `${V1}/user/addresses/`;

const server = useTestServer();

const HOME = {
  label: 'Uy',
  region: 'tashkent-city',
  district: 'yunusabad',
  street: 'Amir Temur ko‘chasi',
  house: '107B',
  apartment: '12',
  postal_code: '100084',
};
const WORK = { region: 'samarkand', district: 'samarkand-city', street: 'Registon ko‘chasi', house: '1' };

type AddressJson = { id: string; is_default: boolean; label: string | null };

async function add(token: string, body: Record<string, unknown>) {
  const answer = await server.post(ADDRESSES, body, { token });
  if (answer.status !== 201) throw new Error(`add failed: ${answer.status} ${answer.text}`);
  return answer.json as AddressJson;
}

const list = async (token: string) => (await server.call('GET', ADDRESSES, { token })).json as AddressJson[];

describe('the address book', () => {
  it('adds an address, the first one as the default, and answers it whole', async () => {
    const tokens = await server.registerByPhone('+998903330011');
    const answer = await server.post(ADDRESSES, HOME, { token: tokens.access });
    expect(answer.status).toBe(201);
    const at = new Date(server.clock.now()).toISOString();
    expect(answer.json).toEqual({ id: expect.any(String), ...HOME, is_default: true, created_at: at, updated_at: at });
    expect(await list(tokens.access)).toEqual([answer.json]);
  });

  it('fills the optional fields with null, trims the text, and keeps a later address not default unless asked', async () => {
    const tokens = await server.registerByPhone('+998903330011');
    await add(tokens.access, HOME);
    const work = await server.post(
      ADDRESSES,
      { ...WORK, street: '  Registon   ko‘chasi ', label: '', apartment: '   ', postal_code: '' },
      { token: tokens.access },
    );
    expect(work.json).toMatchObject({
      label: null,
      apartment: null,
      postal_code: null,
      street: 'Registon ko‘chasi',
      is_default: false,
    });
  });

  it('lists the default first, then the newest', async () => {
    const tokens = await server.registerByPhone('+998903330011');
    const first = await add(tokens.access, { ...HOME, label: 'first' });
    server.clock.advanceSeconds(1);
    const second = await add(tokens.access, { ...WORK, label: 'second' });
    server.clock.advanceSeconds(1);
    const third = await add(tokens.access, { ...WORK, label: 'third' });
    expect((await list(tokens.access)).map((a) => a.label)).toEqual(['first', 'third', 'second']);

    server.clock.advanceSeconds(1);
    const made = await server.post(`${ADDRESSES}${second.id}/default/`, {}, { token: tokens.access });
    expect([made.status, made.json.is_default]).toEqual([200, true]);
    expect((await list(tokens.access)).map((a) => [a.label, a.is_default])).toEqual([
      ['second', true],
      ['third', false],
      ['first', false],
    ]);
    expect(first.id).not.toBe(third.id);
  });

  it('makes a new address the default when asked', async () => {
    const tokens = await server.registerByPhone('+998903330011');
    await add(tokens.access, HOME);
    const work = await add(tokens.access, { ...WORK, is_default: true });
    expect(work.is_default).toBe(true);
    expect((await list(tokens.access)).filter((a) => a.is_default).map((a) => a.id)).toEqual([work.id]);
  });

  it('changes the given fields of an address and keeps the others', async () => {
    const tokens = await server.registerByPhone('+998903330011');
    const home = await add(tokens.access, HOME);
    server.clock.advanceSeconds(60);
    const answer = await server.call('PATCH', `${ADDRESSES}${home.id}/`, {
      token: tokens.access,
      body: { house: '9', apartment: null, district: 'chilanzar' },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      ...HOME,
      house: '9',
      apartment: null,
      district: 'chilanzar',
      is_default: true,
    });
    expect(answer.json.updated_at).not.toBe(answer.json.created_at);
  });

  it('passes the default on to the newest other address when the default is deleted or given up', async () => {
    const tokens = await server.registerByPhone('+998903330011');
    const home = await add(tokens.access, { ...HOME, label: 'home' });
    server.clock.advanceSeconds(1);
    const work = await add(tokens.access, { ...WORK, label: 'work' });
    server.clock.advanceSeconds(1);
    const dacha = await add(tokens.access, { ...WORK, label: 'dacha' });

    expect((await server.call('DELETE', `${ADDRESSES}${home.id}/`, { token: tokens.access })).status).toBe(204);
    expect((await list(tokens.access)).map((a) => [a.label, a.is_default])).toEqual([
      ['dacha', true],
      ['work', false],
    ]);

    const givenUp = await server.call('PATCH', `${ADDRESSES}${dacha.id}/`, {
      token: tokens.access,
      body: { is_default: false },
    });
    expect(givenUp.json.is_default).toBe(false);
    expect((await list(tokens.access)).map((a) => [a.label, a.is_default])).toEqual([
      ['work', true],
      ['dacha', false],
    ]);

    await server.call('DELETE', `${ADDRESSES}${dacha.id}/`, { token: tokens.access });
    const only = await server.call('PATCH', `${ADDRESSES}${work.id}/`, {
      token: tokens.access,
      body: { is_default: false },
    });
    expect(only.json.is_default).toBe(true);
    await server.call('DELETE', `${ADDRESSES}${work.id}/`, { token: tokens.access });
    expect(await list(tokens.access)).toEqual([]);
    expect((await add(tokens.access, WORK)).is_default).toBe(true);
  });

  it("answers 404 not_found for another account's address and an unknown one, and leaves them alone", async () => {
    const owner = await server.registerByPhone('+998903330011');
    const other = await server.registerByPhone('+998903330022');
    const home = await add(owner.access, HOME);
    const notFound = { errors: [{ error: 'not_found' }] };
    for (const id of [home.id, 'no-such-address']) {
      const calls = [
        server.call('PATCH', `${ADDRESSES}${id}/`, { token: other.access, body: { house: '1' } }),
        server.call('DELETE', `${ADDRESSES}${id}/`, { token: other.access }),
        server.post(`${ADDRESSES}${id}/default/`, {}, { token: other.access }),
      ];
      for (const answer of await Promise.all(calls)) expect([answer.status, answer.json]).toEqual([404, notFound]);
    }
    expect(await list(other.access)).toEqual([]);
    expect(await list(owner.access)).toEqual([expect.objectContaining({ id: home.id, house: HOME.house })]);
  });

  it.each([
    [{ ...HOME, region: undefined }, 'field_required', 'region'],
    [{ ...HOME, street: '   ' }, 'field_required', 'street'],
    [{ ...HOME, house: undefined }, 'field_required', 'house'],
    [{ ...HOME, region: 'atlantis' }, 'invalid_region', 'region'],
    [{ ...HOME, region: 42 }, 'invalid_region', 'region'],
    [{ ...HOME, district: 'samarkand-city' }, 'invalid_district', 'district'],
    [{ ...HOME, postal_code: '10008' }, 'invalid_postal_code', 'postal_code'],
    [{ ...HOME, postal_code: '1000841' }, 'invalid_postal_code', 'postal_code'],
    [{ ...HOME, postal_code: 'abcdef' }, 'invalid_postal_code', 'postal_code'],
    [{ ...HOME, label: 'x'.repeat(41) }, 'address_label_too_long', 'label'],
    [{ ...HOME, street: 'x'.repeat(121) }, 'address_street_too_long', 'street'],
    [{ ...HOME, house: 'x'.repeat(21) }, 'address_house_too_long', 'house'],
    [{ ...HOME, apartment: 'x'.repeat(21) }, 'address_house_too_long', 'apartment'],
    [{ ...HOME, street: 'Amir\u0000Temur' }, 'invalid_value', 'street'],
    [{ ...HOME, is_default: 'yes' }, 'invalid_value', 'is_default'],
    [{ ...HOME, city: 'Toshkent' }, 'unknown_field', 'city'],
  ])('refuses %j with %s', async (body, error, field) => {
    const tokens = await server.registerByPhone('+998903330011');
    const answer = await server.post(ADDRESSES, body, { token: tokens.access });
    expect([answer.status, answer.json]).toEqual([400, { errors: [{ error, field }] }]);
    expect(await list(tokens.access)).toEqual([]);
  });

  it('checks a changed region against the district, and a changed district against the region', async () => {
    const tokens = await server.registerByPhone('+998903330011');
    const home = await add(tokens.access, HOME);
    const path = `${ADDRESSES}${home.id}/`;
    expect((await server.call('PATCH', path, { token: tokens.access, body: { region: 'samarkand' } })).json).toEqual({
      errors: [{ error: 'invalid_district', field: 'district' }],
    });
    expect((await server.call('PATCH', path, { token: tokens.access, body: { district: 'urgut' } })).json).toEqual({
      errors: [{ error: 'invalid_district', field: 'district' }],
    });
    expect(
      (await server.call('PATCH', path, { token: tokens.access, body: { region: 'mars', district: 'urgut' } })).json,
    ).toEqual({
      errors: [{ error: 'invalid_region', field: 'region' }],
    });
    const moved = await server.call('PATCH', path, {
      token: tokens.access,
      body: { region: 'samarkand', district: 'urgut' },
    });
    expect(moved.json).toMatchObject({ region: 'samarkand', district: 'urgut' });
  });

  it(`keeps at most ${ADDRESSES_MAX_PER_USER} addresses`, async () => {
    const tokens = await server.registerByPhone('+998903330011');
    for (let i = 0; i < ADDRESSES_MAX_PER_USER; i += 1) await add(tokens.access, { ...WORK, house: String(i + 1) });
    const answer = await server.post(ADDRESSES, WORK, { token: tokens.access });
    expect([answer.status, answer.json]).toEqual([400, { errors: [{ error: 'too_many_addresses' }] }]);
    expect(await list(tokens.access)).toHaveLength(ADDRESSES_MAX_PER_USER);
  });

  it('is refused to a deactivated account and to a signed-out caller', async () => {
    const tokens = await server.registerByPhone('+998903330011');
    const home = await add(tokens.access, HOME);
    await server.db.updateTable('users').set({ is_inactivated: 1 }).where('id', '=', tokens.user_uuid).execute();
    const inactive = [403, { errors: [{ error: 'account_inactive' }] }];
    for (const answer of [
      await server.call('GET', ADDRESSES, { token: tokens.access }),
      await server.post(ADDRESSES, WORK, { token: tokens.access }),
      await server.call('PATCH', `${ADDRESSES}${home.id}/`, { token: tokens.access, body: { house: '1' } }),
      await server.call('DELETE', `${ADDRESSES}${home.id}/`, { token: tokens.access }),
      await server.post(`${ADDRESSES}${home.id}/default/`, {}, { token: tokens.access }),
    ]) {
      expect([answer.status, answer.json]).toEqual(inactive);
    }
    expect((await server.call('GET', ADDRESSES)).status).toBe(401);
  });
});
