import { signal } from '@preact/signals-react';
import { act, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import en from '../../../../server/src/locales/en.json' with { type: 'json' };
import { createI18n } from '../../../lib/i18n';
import { ServicesContext, type Services } from '../../../lib/services';
import { useReactRoot } from '../../../lib/testing/react-root';
import { userProfile } from '../../../lib/testing/user-profile';
import EmbedScreen, { type EmbedFlows } from './embed-screen';

// The frame's later code (frame-later.ts): its authorization fails to load once, then delivers; the
// way to the browser's Kirish accounts fails to load.
const loads = vi.hoisted(() => ({ failures: 1 }));
vi.mock('../frame-later', () => ({
  watchPartner: () => () => undefined,
  accountsIfAllowed: () => Promise.resolve(null),
  continueWithKirish: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
  embedAuthorization: (_services: unknown, _request: unknown, { delivered }: { delivered: () => void }) => {
    if (loads.failures > 0) {
      loads.failures -= 1;
      throw new TypeError('Failed to fetch dynamically imported module');
    }
    // A first-party client: the server's answer is delivered at once.
    return {
      step: signal('loading'),
      start: async () => delivered(),
    };
  },
}));

const view = useReactRoot();
const none = () => null;
// The sign-in form's stand-in shows what the screen puts above it: "Continue with your Kirish account".
// The providers' row's stand-in: its window's session arrives (the row stores it), then the frame goes on.
let signInHere: () => void = () => undefined;
const flows = {
  SignIn: ({ lead }: { lead: ReactNode }) => lead,
  Social: ({ onSignedIn }: { onSignedIn: (response: null, save: boolean) => Promise<void> }) => (
    <button
      type="button"
      onClick={() => {
        signInHere();
        void onSignedIn(null, true);
      }}
    >
      Google window
    </button>
  ),
  SignUp: none,
  Reset: none,
  PopupPage: none,
} as unknown as EmbedFlows;

async function show(signedIn: boolean) {
  const i18n = createI18n(() => Promise.resolve(en));
  await i18n.setLocale('en');
  const aziz = userProfile('u-1', { first: 'Aziz', last: 'Karimov' }, { phone: '+998901112233' });
  const toasts = { show: vi.fn<(type: string, text: string) => void>() };
  const user = signal(signedIn ? aziz : null);
  signInHere = () => {
    user.value = aziz;
  };
  const services = {
    i18n,
    session: { user, hasToken: () => signedIn },
    frame: { origin: Promise.resolve('https://shop.example'), post: vi.fn<() => void>() },
    toasts,
  } as unknown as Services;
  await act(async () =>
    view.root.render(
      <ServicesContext.Provider value={services}>
        <EmbedScreen {...flows} />
      </ServicesContext.Provider>,
    ),
  );
  return { toasts };
}

const buttons = () => [...view.host.querySelectorAll('button')].map((button) => button.textContent);
const press = (label: string) =>
  act(async () => [...view.host.querySelectorAll('button')].find((button) => button.textContent === label)?.click());
// Each look lets React finish what the loaded code scheduled, inside act.
const settle = (check: () => void) =>
  vi.waitFor(
    async () => {
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
      check();
    },
    { timeout: 4000 },
  );

describe('the widget\'s authorization after "Continue as"', () => {
  it('ends on an error with "Try again" when its code fails to load, and a try that loads signs the partner in', async () => {
    await show(true);
    await settle(() => expect(buttons()).toEqual(['Continue as Aziz', 'Use another account']));

    await press('Continue as Aziz');
    await settle(() => expect(view.host.querySelector('[role="alert"]')?.textContent).toBe(en.error_try_again));
    expect(view.host.querySelector('h1')?.textContent).toBe(en.oauth_error_title);
    expect(view.host.querySelector('[aria-busy="true"]')).toBeNull();
    expect(buttons()).toEqual([en.retry]);

    await press(en.retry);
    await settle(() =>
      expect(view.host.querySelector('[role="status"]')?.textContent).toBe('Signed in as Aziz Karimov'),
    );
    expect(view.host.querySelector('[role="alert"]')).toBeNull();
  });
});

describe('"Continue with your Kirish account" in the widget', () => {
  it('says something went wrong when its code fails to load, and the form stays', async () => {
    const { toasts } = await show(false);
    await settle(() => expect(buttons()).toEqual([en.embed_continue_kirish, 'Google window']));
    await press(en.embed_continue_kirish);
    await settle(() => expect(toasts.show).toHaveBeenCalledWith('error', en.error_try_again));
    expect(buttons()).toEqual([en.embed_continue_kirish, 'Google window']);
  });
});

describe("a provider's sign-in in the widget (docs/partners.md)", () => {
  it("shows the providers' row under the form, and goes on as after any sign-in when its window hands the session back", async () => {
    await show(false);
    await settle(() => expect(buttons()).toEqual([en.embed_continue_kirish, 'Google window']));
    await press('Google window');
    await settle(() =>
      expect(view.host.querySelector('[role="status"]')?.textContent).toBe('Signed in as Aziz Karimov'),
    );
    expect(buttons()).not.toContain('Google window');
  });
});
