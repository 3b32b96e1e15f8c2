/**
 * "Sign in faster next time" (issue 41), in its own chunk: after a password or code sign-in on the
 * full-page Login, the offer to make a passkey (passkey-offer-model.ts), with the step-up Security
 * asks for, then on to where the sign-in was going. Never in a partner's frame.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { StepUpForm } from '../../../components/verification/step-up-form';
import { useStepUp } from '../../../components/verification/use-step-up';
import { readItem, writeItem } from '../../../lib/browser-storage';
import type { Services } from '../../../lib/services';
import { useServices } from '../../../lib/services';
import type { TokenResponse } from '../../../lib/session';
import { useI18n } from '../../../lib/use-i18n';
import { createPasskey, PasskeyError, passkeysSupported } from '../../../lib/webauthn';
import { createPasskeyOfferModel, hasNoPasskey, mayOffer } from '../models/passkey-offer-model';

const storage = {
  read: (key: string) => readItem('local', key),
  write: (key: string, value: string) => writeItem('local', key, value),
  platformAuthenticator: async () =>
    passkeysSupported() && PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable(),
};

/**
 * After a sign-in's tokens: `offer` (the session kept, the offer to show), `kept` (the session kept,
 * no offer: the account has a passkey), or `no` (nothing done: the sign-in finishes as always).
 */
export async function offerAfter(
  services: Services,
  response: TokenResponse,
  save: boolean,
): Promise<'offer' | 'kept' | 'no'> {
  if (!(await mayOffer(storage, response.user_uuid))) return 'no';
  // The offer's calls are the account's own: the session is kept first.
  if (!(await services.session.signIn(response, save))) return 'kept';
  return (await hasNoPasskey({ http: services.http, ssoApi: services.config.ssoApi })) ? 'offer' : 'kept';
}

export function PasskeyOffer({ uuid, onDone }: { uuid: string; onDone: () => void }) {
  useSignals();
  const i18n = useI18n();
  const { http, config, toasts } = useServices();
  const { form, stepUp } = useStepUp();
  const [model] = useState(() =>
    createPasskeyOfferModel({
      ...storage,
      http,
      ssoApi: config.ssoApi,
      form,
      uuid,
      create: createPasskey,
      closed: (error) => error instanceof PasskeyError && error.failure === 'cancelled',
    }),
  );
  const heading = useRef<HTMLHeadingElement>(null);
  // The sign-in form is gone: the focus goes to what replaced it (keyboard and screen-reader users).
  useEffect(() => heading.current?.focus(), []);
  if (model.stage.value === 'proof') {
    return (
      // One thing asked: no providers' row under it (screens.css, .sign-in-alone).
      <div className="sign-in-alone">
        <StepUpForm
          stepUp={stepUp}
          form={form}
          context={<p>{i18n.t('passkey_offer_text')}</p>}
          submitLabel={i18n.t('passkey_offer_create')}
          onProof={(proof) =>
            void model.create(proof).then((made) => {
              if (!made) return;
              toasts.show('success', i18n.t('passkey_offer_done'));
              onDone();
            })
          }
          onCancel={() => (model.stage.value = 'offer')}
        />
      </div>
    );
  }
  const problem = form.errors.value['flow'];
  return (
    <div className="stack sign-in-alone">
      <h1 ref={heading} tabIndex={-1}>
        {i18n.t('passkey_offer_title')}
      </h1>
      <p>{i18n.t('passkey_offer_text')}</p>
      {problem ? (
        <p className="field-error" role="alert">
          {i18n.t(problem)}
        </p>
      ) : null}
      <Button onClick={() => model.ask()}>{i18n.t('passkey_offer_create')}</Button>
      <button
        type="button"
        className="link-button"
        onClick={() => {
          model.decline();
          onDone();
        }}
      >
        {i18n.t('passkey_offer_later')}
      </button>
    </div>
  );
}

// The default export is what login-screen.tsx loads lazily.
export default PasskeyOffer;
