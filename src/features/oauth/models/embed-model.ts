/**
 * The widget frame's flow (/embed, docs/partners.md), as sign-in and consent are built: one
 * stage signal, moved only by the named actions below. Nothing outside them moves it — not the
 * page's focus check (`session.check()`, which reloads the profile when the frame first takes focus),
 * not a re-render — and an answer that comes late (the origin check, the browser's accounts, the
 * later code) moves it only from the stage it was asked in: "Continue as" pressed while the origin
 * or the focus check is still under way is never taken back (docs/decisions.md, "Device id").
 *
 * Nothing is posted to the partner before the server confirmed its origin (ParentFrame.post waits
 * for that), and a kept session is only offered: the authorization starts at the person's click.
 */
import { signal } from '@preact/signals-react';
import type { DeviceProfile } from '../../../../server/src/contract/device-profiles.js';
import type { KirishMessage } from '../../../../widget/protocol';
import type { Services } from '../../../lib/services';
import type { TokenResponse } from '../../../lib/session';
import { isSilent, type AuthorizationRequest } from '../authorization-request';
import { widgetMessage } from '../widget-messages';
import type { ConsentModel } from './consent-model';

/** The auth feature's flows inside the frame's sign-in stage. */
export type EmbedFlow = 'sign-in' | 'sign-up' | 'reset';

/**
 * `checking`: a session is kept in this frame; the server has not yet confirmed the partner's origin.
 * `account`: "Continue as <name>" for that session. `accounts`: the browser's Kirish accounts, read
 * through storage access. `authorizing`: the authorization after a sign-in or a click, its consent
 * model once the later code has loaded. `failed`: that code did not load; "Try again". `popup`: the
 * browser blocked the sign-in popup (the click's activation had passed); the next press opens it with
 * `open` (false: blocked again, pop-ups are off for the page). `done`: the partner's page has its
 * answer and the frame shows the compact chip: of the frame's own account (`token` absent: the frame
 * authorized the partner), or of the account the partner's page redeemed a code for elsewhere (the
 * popup, the browser's FedCM), whom userinfo names with the access token the page hands over
 * (`token`; null until it comes).
 */
export type EmbedStage =
  | { name: 'checking' }
  | { name: 'refused' }
  | { name: 'signin'; flow: EmbedFlow; fresh: boolean }
  | { name: 'account' }
  | { name: 'accounts'; accounts: DeviceProfile[] }
  | { name: 'authorizing'; consent: ConsentModel | null }
  | { name: 'failed' }
  | { name: 'popup'; open: () => boolean }
  | { name: 'done'; token?: string | null };

/** What the frame loads after its first paint (frame-later.ts). */
export interface FrameLater {
  /** The browser's accounts, or null: no storage access yet, or nobody signed in. */
  accountsIfAllowed: (services: Services) => Promise<DeviceProfile[] | null>;
  continueWithKirish: (
    services: Services,
    show: (accounts: DeviceProfile[]) => void,
    pass: (message: KirishMessage) => void,
    blocked: (open: () => boolean) => void,
  ) => Promise<void>;
  embedAuthorization: (
    services: Services,
    request: AuthorizationRequest,
    handlers: { inPopup: boolean; signInAgain: () => void; delivered: () => void },
  ) => ConsentModel;
}

export interface EmbedDeps {
  services: Services;
  request: AuthorizationRequest;
  /** The top-level popup of "Continue with your Kirish account", not the partner's frame. */
  inPopup: boolean;
  /** The loader opened the frame for FedCM: the partner's page asks the browser. */
  fedcm: boolean;
  later: () => Promise<FrameLater>;
  /** "Continue with your Kirish account" could not load its code. */
  onLoadFailed: () => void;
}

const signIn = (fresh = false, flow: EmbedFlow = 'sign-in'): EmbedStage => ({ name: 'signin', flow, fresh });

export function createEmbedModel(deps: EmbedDeps) {
  const { services, request, inPopup, fedcm } = deps;
  const { session, frame } = services;
  // OpenID Connect Core §3.1.2.1: a silent request is answered (login_required at worst), never shown sign-in.
  const answerNow = () => session.user.peek() !== null || isSilent(request);
  // Without a stored session the frame can only sign in: the form shows at once (the prerendered page paints it).
  const stage = signal<EmbedStage>(session.hasToken() ? { name: 'checking' } : signIn());

  /** Moves to `next` only while the stage is still `from`: a late answer never undoes a later step. */
  const advance = (from: EmbedStage, next: EmbedStage) => {
    if (stage.peek() === from) stage.value = next;
  };

  function authorize(): void {
    const now = stage.peek();
    // A second press while one authorization runs, or after the answer went, does nothing.
    if (now.name === 'authorizing' || now.name === 'done' || now.name === 'refused') return;
    const asking: EmbedStage = { name: 'authorizing', consent: null };
    stage.value = asking;
    // The consent model turns a failed call into its error step; a download that fails before it
    // exists ends on "Try again", never on an endless spinner.
    deps
      .later()
      .then(({ embedAuthorization }) => {
        if (stage.peek() !== asking) return;
        const consent = embedAuthorization(services, request, { inPopup, signInAgain, delivered });
        const loaded: EmbedStage = { name: 'authorizing', consent };
        stage.value = loaded;
        return consent.start();
      })
      .catch(() => {
        const failing = stage.peek();
        if (failing.name === 'authorizing') stage.value = { name: 'failed' };
      });
  }

  /** The app asked for a new sign-in (OpenID Connect Core §3.1.2.1): the form, without saved accounts. */
  function signInAgain(): void {
    stage.value = signIn(true);
  }

  function delivered(): void {
    // Tokens the page got another way came first: the page keeps those (it redeems one code).
    if (stage.peek().name !== 'done') stage.value = { name: 'done' };
  }

  /** The partner's page has redeemed a code for tokens (widget/protocol.ts `signedin`). */
  function tokensArrived(token: string): void {
    const now = stage.peek();
    // The frame's own authorization already shows its own account: that code is the one redeemed.
    if (now.name !== 'done' || now.token !== undefined) stage.value = { name: 'done', token };
  }

  function showAccounts(accounts: DeviceProfile[]): void {
    const now = stage.peek();
    // Found after the person moved on (signed in, say): not shown.
    if (now.name === 'signin' || now.name === 'accounts') stage.value = { name: 'accounts', accounts };
  }

  return {
    stage,
    inPopup,

    /** On arrival: once the origin is confirmed, the kept session is offered, or the browser's accounts looked for. Returns the cleanup. */
    arrive(): () => void {
      let live = true;
      const first = stage.peek();
      if (inPopup) {
        if (answerNow()) authorize();
        else advance(first, signIn());
        return () => undefined;
      }
      void frame.origin.then((origin) => {
        if (!live) return;
        if (!origin) {
          stage.value = { name: 'refused' };
          return;
        }
        frame.post(widgetMessage('ready', {}));
        if (isSilent(request)) authorize();
        // A kept session is offered, not used: the person clicks "Continue as" first.
        else if (session.user.peek()) advance(first, { name: 'account' });
        else {
          if (first.name === 'checking') advance(first, signIn());
          // A browser that lets this frame have its cookies (or a person who allowed it before): the
          // accounts show without a click. With FedCM the partner's page has asked the browser already.
          if (!fedcm)
            deps
              .later()
              .then(({ accountsIfAllowed }) => accountsIfAllowed(services))
              .then((found) => {
                if (found && live) showAccounts(found);
              })
              .catch(() => undefined);
        }
      });
      return () => {
        live = false;
      };
    },

    /** "Continue as <name>", "Try again", a chosen browser account joined: the authorization. */
    continueAs: authorize,
    retry: authorize,
    joined: authorize,

    /** Signed in (or registered) inside the frame; a null response: the flow stored the session itself. */
    async signedIn(response: TokenResponse | null, save: boolean): Promise<void> {
      if (response) await session.signIn(response, save);
      authorize();
    },

    /** Sign-up, reset and back, in place: the frame never wanders off to the full-page routes. */
    goTo(flow: EmbedFlow): void {
      const now = stage.peek();
      if (now.name === 'signin') stage.value = { ...now, flow };
    },

    signInAgain,
    tokensArrived,
    /** "Use another account" under the browser's accounts: the form, saved accounts offered. */
    other(): void {
      stage.value = signIn();
    },
    showAccounts,

    /** "Continue with your Kirish account": FedCM through the partner's page, else storage access, else the popup. */
    continueWithKirish(): void {
      if (fedcm) {
        frame.post(widgetMessage('fedcm', {}));
        return;
      }
      const asked = stage.peek();
      deps
        .later()
        .then(({ continueWithKirish: go }) =>
          go(
            services,
            showAccounts,
            (message) => {
              // The popup's answer, passed on to the partner; the page's tokens will say whose it is.
              stage.value = { name: 'done', token: null };
              frame.post(message);
            },
            // Never a press that leads nowhere: the frame says one more press opens the window.
            (open) => advance(asked, { name: 'popup', open }),
          ),
        )
        .catch(deps.onLoadFailed);
    },
  };
}

export type EmbedModel = ReturnType<typeof createEmbedModel>;
