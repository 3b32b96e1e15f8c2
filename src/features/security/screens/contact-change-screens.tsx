/**
 * The contact pages of the security centre: a secondary phone or e-mail (add by the current password,
 * then a code to it; remove), a new phone (the current password, then a code to the new number) and an e-mail (the
 * same, by e-mail). Each answers with the profile as it now is. The four share one chunk and one lazy
 * component, the default export, which reads the page from its path (as the help centre's pages do).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState, type ComponentType } from 'react';
import { useLocation } from 'wouter';
import type { ProofIssued } from '../../../../server/src/contract/step-up.js';
import { Button } from '../../../components/button';
import { fieldProps } from '../../../components/field-props';
import { ConfirmButton } from '../../../components/confirm-button';
import { PasswordField } from '../../../components/password-field';
import { StepForm } from '../../../components/step-form';
import { ownContact } from '../../../components/verification/own-contact';
import { useVerifiedChange } from '../../../components/verification/use-verified-change';
import { VerifiedChangeFlow } from '../../../components/verification/verified-change-flow';
import { createForm } from '../../../lib/form';
import { formatPhone } from '../../../lib/format/phone';
import { useServices } from '../../../lib/services';
import type { UserProfile } from '../../../lib/session';
import { useFocusOnOpen } from '../../../lib/use-focus-on-open';
import { useI18n } from '../../../lib/use-i18n';
import { BackToSecurity } from '../components/back-to-security';
import { VerifyEmail } from '../components/verify-email';

function useDone(message: string) {
  const { session, toasts, navigate } = useServices();
  return (profile: UserProfile) => {
    session.replaceUser(profile);
    toasts.show('success', message, { replace: true });
    navigate('/security');
  };
}

/** Swaps a backup contact with the main one, after the current password (a fresh proof). */
function MakePrimary({ type }: { type: 'phone' | 'email' }) {
  useSignals();
  const i18n = useI18n();
  const { http, config, session, showError, toasts } = useServices();
  const [form] = useState(() => createForm(showError));
  const [password] = useState(() => form.field('password', ''));
  const [open, setOpen] = useState(false);
  const opened = useFocusOnOpen<HTMLDivElement>(open);
  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {i18n.t('secondary_make_primary')}
      </Button>
    );
  }
  return (
    <div ref={opened}>
      <StepForm
        onSubmit={async () => {
          form.reset();
          const profile = await form.attempt(async () => {
            const { proof } = await http.post<ProofIssued>(`${config.ssoApi}/user/security/proof/`, {
              password: password.value,
            });
            return http.post<UserProfile>(`${config.ssoApi}/user/secondary/make-primary/`, { type, proof });
          });
          if (!profile) return;
          session.replaceUser(profile);
          toasts.show('success', i18n.t('secondary_made_primary'), { replace: true });
          setOpen(false);
        }}
      >
        <p>{i18n.t('proof_intro')}</p>
        <PasswordField
          label={i18n.t('old_password_label')}
          autoComplete="current-password"
          {...fieldProps(password, i18n)}
          showLabel={i18n.t('show_password')}
          hideLabel={i18n.t('hide_password')}
        />
        <div className="row">
          <Button type="submit" busy={form.busy.value}>
            {i18n.t('secondary_make_primary')}
          </Button>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {i18n.t('cancel')}
          </Button>
        </div>
      </StepForm>
    </div>
  );
}

function SecondaryContact({ type }: { type: 'phone' | 'email' }) {
  useSignals();
  const i18n = useI18n();
  const { http, config, session, showError, toasts, navigate } = useServices();
  const done = useDone(i18n.t('secondary_added'));
  const signedIn = session.user.peek();
  // A backup contact can reset the password: adding one takes the same fresh proof as the main ones.
  const model = useVerifiedChange({
    purpose: 'confirm_secondary_email_or_phone',
    contactType: type,
    needsProof: true,
    ...(signedIn && (signedIn.phone || signedIn.email) ? { proofContact: ownContact(signedIn) } : {}),
    submit: (requestId, proof) =>
      http.post<UserProfile>(`${config.ssoApi}/user/secondary/`, { proof, request_id: requestId }),
    onDone: done,
  });
  const user = session.user.value;
  if (!user) return null;
  const current = type === 'phone' ? user.secondary_phone : user.secondary_email;
  const title = i18n.t(type === 'phone' ? 'security_secondary_phone' : 'security_secondary_email');
  return (
    <div className="stack narrow-form">
      <BackToSecurity />
      <h1>{title}</h1>
      <p className="subtitle">{i18n.t('secondary_intro')}</p>
      {current ? (
        <section className="panel">
          <p>
            <strong className={type === 'phone' ? 'phone' : undefined}>
              {type === 'phone' ? formatPhone(current) : current}
            </strong>
          </p>
          <div className="row">
            <MakePrimary type={type} />
            <ConfirmButton
              label={i18n.t('secondary_remove')}
              question={i18n.t('secondary_remove_confirm')}
              confirmLabel={i18n.t('secondary_remove')}
              cancelLabel={i18n.t('cancel')}
              onConfirm={async () => {
                try {
                  session.replaceUser(await http.delete<UserProfile>(`${config.ssoApi}/user/secondary/?type=${type}`));
                  toasts.show('success', i18n.t('secondary_removed'), { replace: true });
                } catch (error) {
                  showError(error);
                }
              }}
            />
          </div>
        </section>
      ) : (
        <section className="panel">
          <VerifiedChangeFlow
            model={model}
            title={i18n.t(type === 'phone' ? 'secondary_add_phone' : 'secondary_add_email')}
            submitLabel={i18n.t('confirm')}
            onCancel={() => navigate('/security')}
          />
        </section>
      )}
    </div>
  );
}

export function SecondaryPhoneScreen() {
  return <SecondaryContact type="phone" />;
}

export function SecondaryEmailScreen() {
  return <SecondaryContact type="email" />;
}

function PrimaryContactChange({ type }: { type: 'phone' | 'email' }) {
  useSignals();
  const i18n = useI18n();
  const { http, config, session, navigate } = useServices();
  const done = useDone(i18n.t(type === 'phone' ? 'phone_changed' : 'email_changed'));
  const signedIn = session.user.peek();
  const model = useVerifiedChange({
    purpose: type === 'phone' ? 'change_phone_verification' : 'email_verification',
    contactType: type,
    needsProof: true,
    ...(signedIn && (signedIn.phone || signedIn.email) ? { proofContact: ownContact(signedIn) } : {}),
    submit: (requestId, proof) =>
      http.post<UserProfile>(`${config.ssoApi}/user/${type === 'phone' ? 'change-phone' : 'change-email'}/`, {
        proof,
        request_id: requestId,
      }),
    onDone: done,
  });
  const user = session.user.value;
  if (!user) return null;
  const current = type === 'phone' ? user.phone : user.email;
  const title = i18n.t(type === 'phone' ? 'change_phone_title' : current ? 'change_email_title' : 'add_email_title');
  return (
    <div className="stack narrow-form">
      <BackToSecurity />
      <h1>{title}</h1>
      {current ? (
        <p className="subtitle">
          {i18n.t('contact_current', { contact: type === 'phone' ? formatPhone(current) : current })}
        </p>
      ) : null}
      <section className="panel">
        <VerifiedChangeFlow
          model={model}
          title={i18n.t(type === 'phone' ? 'change_phone_new' : 'change_email_new')}
          submitLabel={i18n.t('confirm')}
          onCancel={() => navigate('/security')}
        />
      </section>
    </div>
  );
}

export function EditPhoneScreen() {
  return <PrimaryContactChange type="phone" />;
}

/** The e-mail page: an unverified main e-mail is offered to be verified first, or changed instead. */
export function EmailScreen() {
  useSignals();
  const i18n = useI18n();
  const { session } = useServices();
  const [changing, setChanging] = useState(false);
  // "Use another e-mail" swaps the page's form: the focus goes to the new one's first field.
  const opened = useFocusOnOpen<HTMLDivElement>(changing);
  const user = session.user.value;
  if (changing) {
    return (
      <div ref={opened}>
        <PrimaryContactChange type="email" />
      </div>
    );
  }
  if (!user?.email || user.email_verified) return <PrimaryContactChange type="email" />;
  return (
    <div className="stack narrow-form">
      <BackToSecurity />
      <h1>{i18n.t('email_verify_title')}</h1>
      <VerifyEmail email={user.email} onChangeInstead={() => setChanging(true)} />
    </div>
  );
}

const PAGES: Record<string, ComponentType> = {
  'secondary-phone': SecondaryPhoneScreen,
  'secondary-email': SecondaryEmailScreen,
  'edit-phone': EditPhoneScreen,
  email: EmailScreen,
};

/** /security/user-data/{page}: the page of the path. */
export default function ContactChangeScreens() {
  const [location] = useLocation();
  const Page = PAGES[location.split('/')[3] ?? ''] ?? EmailScreen;
  return <Page />;
}
