/**
 * Home with `confirmType=phone` and a pending user (docs/product.md §2 step 4, §4): "Add your phone number"
 * and why, the phone, a `social_login` code, then the account has its phone: the pending id goes, the
 * query is cleaned, and the return path (if any) is followed, else Home. The way out is signing out.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import type { ConfirmPhoneRequest, ConfirmPhoneResponse } from '../../../../server/src/contract/social.js';
import { StepForm } from '../../../components/step-form';
import { ContactFields } from '../../../components/verification/contact-fields';
import { LazyCodeStep as CodeStep } from '../../../components/verification/lazy-code-step';
import { signedInCodeApi } from '../../../components/verification/own-contact';
import { SendCodeButtons } from '../../../components/verification/send-code-buttons';
import { removeItem } from '../../../lib/browser-storage';
import { unbroken } from '../../../lib/format/phone';
import { useServices } from '../../../lib/services';
import { PENDING_USER_KEY } from '../../../lib/storage-keys';
import { useI18n } from '../../../lib/use-i18n';
import { createConfirmPhoneModel } from '../models/confirm-phone-model';

/** The query without the confirmation's own parameters: what the return-path rules read afterwards. */
export function cleanedQuery(search: string): URLSearchParams {
  const query = new URLSearchParams(search);
  query.delete('confirmType');
  query.delete('user_uuid');
  return query;
}

export default function ConfirmPhoneScreen() {
  useSignals();
  const i18n = useI18n();
  const services = useServices();
  const { http, config, session, showError, toasts, navigate } = services;
  const [model] = useState(() =>
    createConfirmPhoneModel({
      api: signedInCodeApi(http, config.ssoApi, config.product),
      showError,
      now: () => Date.now(),
      announce: (key, to) => toasts.show('success', i18n.t(key, { to: unbroken(to) }), { replace: true }),
      confirmPhone: (phone, requestId) =>
        http.post<ConfirmPhoneResponse>(`${config.ssoApi}/SocialAuth/ConfirmPhone/`, {
          phone,
          request_id: requestId,
        } satisfies ConfirmPhoneRequest),
      reload: async () => {
        const profile = await session.verify();
        if (!profile) throw new Error('the session ended while the phone was confirmed');
        return profile;
      },
      onDone: () => {
        removeItem('local', PENDING_USER_KEY);
        toasts.show('success', i18n.t('confirm_phone_done'), { replace: true });
        void import('../finish-sign-in').then(({ finishSignIn }) =>
          finishSignIn(services, null, true, cleanedQuery(location.search)),
        );
      },
    }),
  );
  const { form } = model;
  const signedIn = session.user.value !== null;
  // A pending id without a session (it ended, or another tab signed out) has nothing to confirm with: Login.
  useEffect(() => {
    if (signedIn) return;
    removeItem('local', PENDING_USER_KEY);
    navigate('/login', { replace: true });
  }, [signedIn, navigate]);
  const signOut = () => void session.signOut().then(() => navigate('/login', { replace: true }));
  return (
    <div className="stack narrow-form confirm-phone">
      <section className="panel">
        {model.step.value === 'code' ? (
          <div className="stack">
            <h1>{i18n.t('confirm_phone_title')}</h1>
            <CodeStep
              codes={model.codes}
              form={form}
              submitLabel={i18n.t('confirm')}
              onSubmit={() => void model.confirm()}
              onBack={() => model.back()}
            />
          </div>
        ) : (
          <StepForm onSubmit={() => void model.sendCode('sms')}>
            <h1>{i18n.t('confirm_phone_title')}</h1>
            <p className="subtitle">{i18n.t('confirm_phone_text')}</p>
            <ContactFields contact={model.contact} autoFocus fixed />
            <SendCodeButtons isPhone busy={form.busy.value} onSend={(how) => void model.sendCode(how)} />
            {/* The way out: the account stays as it is, and the next sign-in asks again. */}
            <button type="button" className="link-button" onClick={signOut}>
              {i18n.t('sign_out')}
            </button>
          </StepForm>
        )}
      </section>
    </div>
  );
}
