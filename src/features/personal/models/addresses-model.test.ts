import { describe, expect, it } from 'vitest';
import { failure, fakeHttp, fakeShowError } from '../../../lib/testing/fake-http';
import { addressesApi, type Address, type Region } from '../api/addresses';
import { createAddressesModel } from './addresses-model';

const SSO = '/sso/api/v1';
const COMMON = '/common/api/v1';
const name = (text: string) => ({ uz: text, uzc: text, kaa: text, ru: text, en: text });
const regions: Region[] = [
  { id: 'tashkent-city', name: name('Toshkent shahri'), districts: [{ id: 'yunusobod', name: name('Yunusobod') }] },
  { id: 'samarkand', name: name('Samarqand viloyati'), districts: [{ id: 'urgut', name: name('Urgut') }] },
];
const home: Address = {
  id: 'a1',
  label: 'Uy',
  region: 'tashkent-city',
  district: 'yunusobod',
  street: 'Amir Temur',
  house: '12',
  apartment: null,
  postal_code: null,
  is_default: true,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
};

async function loaded(list: Address[] = []) {
  const server = fakeHttp();
  const { showError, toasts } = fakeShowError();
  server.answer('get', `${SSO}/user/addresses/`, list);
  server.answer('get', `${COMMON}/regions/`, regions);
  const model = createAddressesModel({ api: addressesApi(server.http, SSO, COMMON), showError });
  await model.load();
  return { server, toasts, model };
}

describe('the addresses', () => {
  it('loads the list and the regions', async () => {
    const { model } = await loaded([home]);
    expect(model.state.value).toBe('ready');
    expect(model.addresses.value).toEqual([home]);
    expect(model.regions.value.map((region) => region.id)).toEqual(['tashkent-city', 'samarkand']);
  });

  it('says when loading failed', async () => {
    const server = fakeHttp();
    const { showError, toasts } = fakeShowError();
    server.fail('get', `${SSO}/user/addresses/`, failure(502, 'server_error'));
    server.answer('get', `${COMMON}/regions/`, regions);
    const model = createAddressesModel({ api: addressesApi(server.http, SSO, COMMON), showError });
    await model.load();
    expect(model.state.value).toBe('failed');
    expect(toasts).toEqual(['server_error']);
  });

  it('empties the district when the region changes, and offers only that region’s districts', async () => {
    const { model } = await loaded();
    model.startAdding();
    model.set('region', 'tashkent-city');
    model.set('district', 'yunusobod');
    model.set('region', 'samarkand');
    expect(model.fields.value.district).toBe('');
    expect(model.districts.value.map((district) => district.id)).toEqual(['urgut']);
  });

  it('checks the required fields and the postal code before sending', async () => {
    const { server, model } = await loaded();
    model.startAdding();
    model.set('postal_code', '12345');
    expect(await model.save()).toBe(false);
    expect(model.form.errors.value).toEqual({
      region: 'field_required',
      district: 'field_required',
      street: 'field_required',
      house: 'field_required',
      postal_code: 'invalid_postal_code',
    });
    expect(server.calls.filter((call) => call.method === 'post')).toEqual([]);
  });

  it('adds an address and shows the list again', async () => {
    const { server, model } = await loaded();
    model.startAdding();
    for (const [field, value] of [
      ['region', 'tashkent-city'],
      ['district', 'yunusobod'],
      ['street', ' Amir Temur '],
      ['house', '12'],
      ['label', 'Uy'],
    ] as const)
      model.set(field, value);
    server.answer('post', `${SSO}/user/addresses/`, home);
    server.answer('get', `${SSO}/user/addresses/`, [home]);
    expect(await model.save()).toBe(true);
    expect(server.calls.find((call) => call.method === 'post')?.body).toEqual({
      label: 'Uy',
      region: 'tashkent-city',
      district: 'yunusobod',
      street: 'Amir Temur',
      house: '12',
      apartment: '',
      postal_code: '',
    });
    expect(model.editing.value).toBeNull();
    expect(model.addresses.value).toEqual([home]);
  });

  it('edits, deletes and makes default through their own calls', async () => {
    const { server, model } = await loaded([home]);
    model.startEditing(home);
    model.set('house', '14');
    server.answer('patch', `${SSO}/user/addresses/a1/`, { ...home, house: '14' });
    server.answer('get', `${SSO}/user/addresses/`, [{ ...home, house: '14' }]);
    expect(await model.save()).toBe(true);
    server.answer('post', `${SSO}/user/addresses/a1/default/`, home);
    server.answer('get', `${SSO}/user/addresses/`, [home]);
    await model.makeDefault('a1');
    server.answer('delete', `${SSO}/user/addresses/a1/`, null);
    server.answer('get', `${SSO}/user/addresses/`, []);
    expect(await model.remove('a1')).toBe(true);
    expect(model.addresses.value).toEqual([]);
    expect(server.unexpected).toEqual([]);
  });
});
