/** The sign-in model where it starts (issue 12): after a session ended elsewhere, with a handed contact, signed in. */
import { describe, expect, it } from 'vitest';
import type { DeviceProfile } from '../../../lib/session';
import { deviceProfile, failure, fakeSession, NOW, SSO, user, useFlowFakes } from '../test-support/flow-fakes';
import { createSignInModel, type SignInDeps } from './sign-in-model';

const flow = useFlowFakes();

function model(session: SignInDeps['session'], extra: Partial<SignInDeps> = {}) {
  return createSignInModel({ ...flow.deps, session, onSignedIn: () => Promise.resolve(), ...extra });
}

describe('where the sign-in starts', () => {
  it('after a session ended elsewhere: the form, not the chooser, with the phone filled in', async () => {
    const { session } = fakeSession([deviceProfile('u-2')], undefined, null, { phone: '+998901234567', email: null });
    const signIn = model(session);
    await signIn.start();
    expect(signIn.step.value).toBe('login');
    expect(signIn.identifier.value).toBe('90 123 45 67');
  });

  it('after a session ended elsewhere for an e-mail account: with the e-mail filled in', () => {
    const { session } = fakeSession([], undefined, null, { phone: null, email: 'aziz@example.uz' });
    const signIn = model(session);
    expect(signIn.identifier.value).toBe('aziz@example.uz');
  });

  it('with a contact handed over (a reset password, a taken contact at sign-up), filled in', () => {
    const signIn = model(fakeSession([]).session, { prefill: { type: 'email', value: 'aziz@example.uz' } });
    expect([signIn.step.value, signIn.stage.value, signIn.identifier.value]).toEqual([
      'login',
      'identifier',
      'aziz@example.uz',
    ]);
  });

  it('signed in, after a reload: loads the device’s accounts through the active session, then shows the chooser', async () => {
    const { session } = fakeSession([]);
    (session.user as { value: unknown }).value = user;
    const listed: DeviceProfile[] = [deviceProfile('u-2'), deviceProfile('u-3')];
    let loaded = 0;
    session.loadProfiles = () => {
      loaded += 1;
      (session.activeProfiles as { value: DeviceProfile[] }).value = listed;
      return Promise.resolve();
    };
    const signIn = model(session);
    expect(signIn.step.value).toBe('login');
    await signIn.start();
    expect(loaded).toBe(1);
    expect(signIn.step.value).toBe('accounts');
  });
});

describe('a QR code this browser was showing (issue 39, key bg)', () => {
  it('goes back to the qr step once started, before the device’s accounts; back from it, the form', async () => {
    const signIn = model(fakeSession([deviceProfile('u-2')]).session, { showingQr: () => true });
    await signIn.start();
    expect(signIn.step.value).toBe('qr');
    signIn.backToLogin();
    expect(signIn.step.value).toBe('login');
  });
});

describe('a password locked after too many wrong tries', () => {
  it('keeps when it may be tried again, from Retry-After, and says the lock beside the password', async () => {
    const signIn = model(fakeSession([]).session);
    flow.server.fail('post', `${SSO}/login/LoginUser/`, {
      ...failure(429, 'too_many_attempts_login'),
      headers: new Headers({ 'Retry-After': '42' }),
    });
    signIn.contact.value = { type: 'phone', value: '+998901234567' };
    signIn.password.value = 'not the password';

    await signIn.submitPassword();

    expect(signIn.form.errors.value).toEqual({ password: 'too_many_attempts_login' });
    expect(signIn.lockedUntil.value).toBe(NOW + 42_000);
    expect(flow.toasts).toEqual([]);
  });
});
