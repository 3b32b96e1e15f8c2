import { afterEach, describe, expect, it } from 'vitest';
import type { QrLoginEvent } from '../../../../server/src/contract/qr-login.js';
import type { TokenResponse } from '../../../lib/session';
import { BACKGROUND_KEY } from '../../../lib/storage-keys';
import { fakeFlowDeps, failure, NOW, SIGN_IN_HEADERS, SSO } from '../test-support/flow-fakes';
import { QrEventsRefused } from '../qr-events';
import type { HeldQrRequest } from '../qr-held';
import { createQrSignInModel, QR_AUTO_RENEWALS } from './qr-sign-in-model';

const CREATE = `${SSO}/qr/login-requests/`;
const made = (id: string, number = '07') => ({
  id,
  secret: `secret-${id}`,
  qr: `https://kirish.test/personal/qr-scanner#${id}`,
  number,
  expires_in: 60,
});
const tokens = { access: 'a', refresh: 'r', user_uuid: 'u1' } as unknown as TokenResponse;

/** The model over the scripted server, its events pushed by the test. */
function setup() {
  const { deps, server, toasts } = fakeFlowDeps();
  let clock = NOW;
  const followed: { request: HeldQrRequest; push: (event: QrLoginEvent) => void; fail: (e: unknown) => void }[] = [];
  const signedIn: TokenResponse[] = [];
  const model = createQrSignInModel({
    ...deps,
    now: () => clock,
    follow: (request, onEvent) =>
      new Promise((resolve, reject) => {
        followed.push({
          request,
          push: (event) => {
            onEvent(event);
            if (event.state !== 'pending' && event.state !== 'scanned') resolve(event);
          },
          fail: reject,
        });
      }),
    onSignedIn: async (response) => void signedIn.push(response),
  });
  return { model, server, toasts, followed, signedIn, tick: (ms: number) => (clock += ms) };
}

const held = () => JSON.parse(localStorage.getItem(BACKGROUND_KEY) ?? 'null') as HeldQrRequest | null;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => localStorage.clear());

describe("Login's qr step", () => {
  it('makes a request with the sign-in headers, keeps it under bg with its expiry and shows its number', async () => {
    const { model, server, followed } = setup();
    server.answer('post', CREATE, made('r1'));
    await model.start();
    expect(server.calls[0]).toMatchObject({ method: 'post', url: CREATE, headers: SIGN_IN_HEADERS });
    expect(model.phase.value).toBe('showing');
    expect(model.request.value?.number).toBe('07');
    expect(held()).toEqual({ ...made('r1'), expires_in: undefined, expires_at: NOW + 60_000 });
    expect(followed[0]?.request.secret).toBe('secret-r1');
    expect(model.secondsLeft(NOW + 1_500)).toBe(59);
  });

  it('after a reload shows the kept request until it expires, without making a new one', async () => {
    const first = setup();
    first.server.answer('post', CREATE, made('r1'));
    await first.model.start();
    const reloaded = setup();
    reloaded.tick(20_000);
    await reloaded.model.start();
    expect(reloaded.server.calls).toEqual([]);
    expect(reloaded.model.request.value?.id).toBe('r1');
    expect(reloaded.model.secondsLeft(NOW + 20_000)).toBe(40);
    const later = setup();
    later.tick(60_000);
    later.server.answer('post', CREATE, made('r2'));
    await later.model.start();
    expect(later.model.request.value?.id).toBe('r2');
  });

  it('says "confirm on your phone" once scanned, then signs in with the tokens of the approval and forgets bg', async () => {
    const { model, server, followed, signedIn } = setup();
    server.answer('post', CREATE, made('r1'));
    await model.start();
    followed[0]?.push({ state: 'scanned' });
    expect(model.phase.value).toBe('scanned');
    followed[0]?.push({ state: 'approved', tokens });
    await settle();
    expect(signedIn).toEqual([tokens]);
    expect(model.phase.value).toBe('approved');
    expect(held()).toBeNull();
  });

  it('says a denial and offers a new code, which is a new request', async () => {
    const { model, server, followed } = setup();
    server.answer('post', CREATE, made('r1'));
    await model.start();
    followed[0]?.push({ state: 'denied' });
    expect(model.phase.value).toBe('denied');
    expect(held()).toBeNull();
    server.answer('post', CREATE, made('r2', '42'));
    await model.newCode();
    expect(model.phase.value).toBe('showing');
    expect(model.request.value?.number).toBe('42');
  });

  it('replaces an expired code a few times, then says it expired and waits for "New code"', async () => {
    const { model, server } = setup();
    for (let n = 0; n <= QR_AUTO_RENEWALS; n++) server.answer('post', CREATE, made(`r${n}`));
    await model.start();
    for (let n = 1; n <= QR_AUTO_RENEWALS; n++) {
      await model.countdownEnded();
      expect(model.request.value?.id).toBe(`r${n}`);
    }
    await model.countdownEnded();
    expect(model.phase.value).toBe('expired');
    expect(server.calls).toHaveLength(QR_AUTO_RENEWALS + 1);
    expect(held()).toBeNull();
  });

  it('an unknown request on the events call is an expired one; a failed request is said', async () => {
    const { model, server, followed, toasts } = setup();
    server.answer('post', CREATE, made('r1'));
    await model.start();
    followed[0]?.fail(new QrEventsRefused(404));
    await settle();
    expect(model.phase.value).toBe('expired');
    server.fail('post', CREATE, failure(502, 'server_error'));
    await model.newCode();
    expect(model.phase.value).toBe('failed');
    expect(toasts).toEqual(['server_error']);
  });

  it('leaving the step forgets the code', async () => {
    const { model, server } = setup();
    server.answer('post', CREATE, made('r1'));
    await model.start();
    model.leave();
    expect(held()).toBeNull();
  });
});
