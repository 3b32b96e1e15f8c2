import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTHORIZED, setup, stageOf } from '../test-support/embed-model-setup';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the widget frame after a sign-in: the chip', () => {
  it('shows its own account after it authorized the partner itself, and keeps it when the page says it has the tokens', async () => {
    const { model, posted } = await setup();
    await vi.waitFor(() => expect(stageOf(model)).toBe('account'));
    model.continueAs();
    await vi.waitFor(() => expect(model.stage.value).toEqual({ name: 'done' }));
    expect(posted).toContainEqual(AUTHORIZED);

    model.tokensArrived('partner-access');

    expect(model.stage.value).toEqual({ name: 'done' });
  });

  it('shows the account the page redeemed a code for elsewhere (the browser’s FedCM), from the form', async () => {
    const { model } = await setup({ signedIn: false });
    await vi.waitFor(() => expect(stageOf(model)).toBe('signin'));

    model.tokensArrived('partner-access');

    expect(model.stage.value).toEqual({ name: 'done', token: 'partner-access' });
  });

  it('shows it from "Continue as" too: the page signed in another way before the click', async () => {
    const { model } = await setup();
    await vi.waitFor(() => expect(stageOf(model)).toBe('account'));

    model.tokensArrived('partner-access');

    expect(model.stage.value).toEqual({ name: 'done', token: 'partner-access' });
  });

  it('waits for the page’s token after the popup answered, then names that account', async () => {
    const { model } = await setup({ signedIn: false });
    Object.assign(document, {
      requestStorageAccess: () => Promise.reject(new DOMException('refused', 'NotAllowedError')),
    });
    const popup = {} as Window;
    vi.spyOn(window, 'open').mockReturnValue(popup);
    model.continueWithKirish();
    await vi.waitFor(() => expect(window.open).toHaveBeenCalledOnce());
    window.dispatchEvent(
      new MessageEvent('message', {
        source: popup,
        origin: location.origin,
        data: { type: 'authorization', code: 'c9', state: 's1' },
      }),
    );
    expect(model.stage.value).toEqual({ name: 'done', token: null });

    model.tokensArrived('partner-access');

    expect(model.stage.value).toEqual({ name: 'done', token: 'partner-access' });
    Reflect.deleteProperty(document, 'requestStorageAccess');
  });

  it('keeps the account the page has when the frame’s own authorization ends after it (the page redeems one code)', async () => {
    const { model } = await setup();
    await vi.waitFor(() => expect(stageOf(model)).toBe('account'));
    model.continueAs();
    model.tokensArrived('partner-access');
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(model.stage.value).toEqual({ name: 'done', token: 'partner-access' });
  });
});
