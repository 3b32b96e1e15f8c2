import { describe, expect, it } from 'vitest';
import { createForm } from '../../../lib/form';
import { PASSKEY_OFFER_DECLINED_KEY } from '../../../lib/storage-keys';
import { PasskeyError } from '../../../lib/webauthn';
import { failure, SSO, useFlowFakes } from '../test-support/flow-fakes';
import { createPasskeyOfferModel, hasNoPasskey, mayOffer } from './passkey-offer-model';

const CREDENTIAL = { id: 'k-1', rawId: 'k-1', type: 'public-key' as const, response: {} };
const flow = useFlowFakes();

function device(stored: Record<string, string> = {}, platform = true) {
  return {
    stored,
    read: (key: string) => stored[key] ?? null,
    write: (key: string, value: string) => void (stored[key] = value),
    platformAuthenticator: () => Promise.resolve(platform),
  };
}

function offer(store = device(), create = () => Promise.resolve(CREDENTIAL)) {
  const form = createForm(flow.deps.showError);
  const model = createPasskeyOfferModel({
    ...store,
    http: flow.server.api.http,
    ssoApi: SSO,
    form,
    uuid: 'u-1',
    create,
    closed: (error) => error instanceof PasskeyError && error.failure === 'cancelled',
  });
  return { model, form };
}

describe('the passkey offer', () => {
  it('is made only where a platform authenticator verifies its user, and not to an account that said "Not now" here', async () => {
    expect(await mayOffer(device(), 'u-1')).toBe(true);
    expect(await mayOffer(device({}, false), 'u-1')).toBe(false);
    expect(await mayOffer(device({ [PASSKEY_OFFER_DECLINED_KEY]: '["u-1"]' }), 'u-1')).toBe(false);
    expect(await mayOffer(device({ [PASSKEY_OFFER_DECLINED_KEY]: '["u-2"]' }), 'u-1')).toBe(true);
    expect(await mayOffer(device({ [PASSKEY_OFFER_DECLINED_KEY]: 'not json' }), 'u-1')).toBe(true);
  });

  it('is not made to an account that has a passkey', async () => {
    flow.server.answer('get', `${SSO}/user/passkeys/`, { passkeys: [{ id: 'p-1' }] });
    expect(await hasNoPasskey(flow.server.api)).toBe(false);
    flow.server.answer('get', `${SSO}/user/passkeys/`, { passkeys: [] });
    expect(await hasNoPasskey(flow.server.api)).toBe(true);
  });

  it('remembers "Not now" for this account on the device, beside the others', () => {
    const store = device({ [PASSKEY_OFFER_DECLINED_KEY]: '["u-2"]' });
    offer(store).model.decline();
    expect(JSON.parse(store.stored[PASSKEY_OFFER_DECLINED_KEY] ?? '')).toEqual(['u-2', 'u-1']);
  });

  it('makes the passkey with the proof: options, the ceremony, the registration', async () => {
    const { model } = offer();
    flow.server.answer('post', `${SSO}/user/passkeys/registration/options/`, { challenge: 'c-1' });
    flow.server.answer('post', `${SSO}/user/passkeys/registration/`, { id: 'p-1', name: 'Chrome on Linux' });
    model.ask();
    expect(model.stage.value).toBe('proof');

    expect(await model.create('proof-1')).toBe(true);

    expect(flow.server.calls.map((call) => [call.url, call.body])).toEqual([
      [`${SSO}/user/passkeys/registration/options/`, { proof: 'proof-1' }],
      [`${SSO}/user/passkeys/registration/`, { credential: CREDENTIAL }],
    ]);
  });

  it('goes back to the offer, nothing said, when the prompt is closed; a refusal is said', async () => {
    const closed = offer(device(), () => Promise.reject(new PasskeyError('cancelled')));
    flow.server.answer('post', `${SSO}/user/passkeys/registration/options/`, { challenge: 'c-1' });
    expect(await closed.model.create('proof-1')).toBe(false);
    expect(closed.model.stage.value).toBe('offer');
    expect(closed.form.errors.value).toEqual({});

    const refused = offer();
    flow.server.answer('post', `${SSO}/user/passkeys/registration/options/`, { challenge: 'c-2' });
    flow.server.fail('post', `${SSO}/user/passkeys/registration/`, failure(400, 'passkey_not_valid'));
    expect(await refused.model.create('proof-2')).toBe(false);
    expect(refused.model.stage.value).toBe('offer');
    expect(flow.toasts.length + Object.keys(refused.form.errors.value).length).toBe(1);
  });
});
